import { emailSchema, type LoginInput } from '@coach/contracts';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import type { FormEvent } from 'react';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { TwoStepSignIn } from '../two-step/index.ts';
import {
  AuthCard,
  AuthForm,
  PasswordField,
  useFormFields,
  type AuthCardTexts,
  type AuthFormTexts,
} from '../../shared/forms/index.ts';
import { ForgotPasswordLink, useAuthRequest } from '../account/index.ts';
import { ADMIN_SIGNED_IN } from './adminSignedIn.ts';
import { TextField } from '../../shared/ui/TextField.tsx';

const CARD: AuthCardTexts = {
  overline: 'Admin',
  title: 'Admin Portal',
  lead: 'Sign in to care for the site: members, posts, messages and subscribers.',
};

type Errors = Partial<Record<keyof LoginInput, string>>;

/** The admin login's own checks: email required and well-formed, password required. */
export function validateAdminLogin({ email, password }: LoginInput): Errors {
  const errors: Errors = {};
  if (!email.trim()) errors.email = 'Email is required';
  else if (!emailSchema.safeParse(email).success) errors.email = 'Invalid email format';
  if (!password) errors.password = 'Password is required';
  return errors;
}

const FORM: AuthFormTexts = { label: 'Admin sign in', submit: 'Sign in to Admin', pending: 'Signing In...' };

/** Admin login (/admin/login and /admin-login): success leads to the dashboard. */
export default function AdminLoginPage() {
  usePageTitle('Admin Login');
  const form = useFormFields<LoginInput>({ email: '', password: '' }, '/admin/login');
  const login = useAuthRequest<LoginInput>({
    path: '/api/admin/login',
    action: '/admin/login',
    startsSession: true,
    success: ADMIN_SIGNED_IN,
    next: '/admin/dashboard',
    failure: { title: 'Login failed', fallback: 'Invalid credentials' },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { email, password } = form.values;
    if (form.check(validateAdminLogin(form.values))) login.mutate({ email: email.trim(), password });
  };
  if (login.twoStep) return <TwoStepSignIn overline="Admin" {...login.twoStep} />;

  return (
    <AuthCard icon={<AdminPanelSettingsIcon />} texts={CARD}>
      <AuthForm texts={FORM} form={form} onSubmit={submit} notice={login.notice} pending={login.isPending}>
        <TextField label="Email" type="email" autoComplete="username" {...form.field('email')} required />
        <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} required />
        <ForgotPasswordLink />
      </AuthForm>
    </AuthCard>
  );
}
