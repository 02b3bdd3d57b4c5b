import type { LoginInput } from '@coach/contracts';
import SpaIcon from '@mui/icons-material/Spa';
import { TextField } from '@mui/material';
import { Suspense, lazy, useEffect } from 'react';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { AuthCard } from '../../shared/forms/AuthCard.tsx';
import { AuthForm } from '../../shared/forms/AuthForm.tsx';
import { ForgotPasswordLink } from './ForgotPasswordLink.tsx';
import { PasswordField } from '../../shared/forms/PasswordField.tsx';
import { clearSignInDraft, useSignInDraft } from './signInDraft.ts';
import { useAuthRequest } from './useAuthRequest.ts';
import { useFormFields } from '../../shared/forms/useFormFields.ts';

const TwoStepSignIn = lazy(() => import('../two-step/index.ts').then((step) => ({ default: step.TwoStepSignIn })));

/**
 * Sign in (/login): success leads to the Sacred Circle. The schema that checks the form and the
 * code step come when first needed (signInSchemas.ts says why).
 */
export default function LoginPage() {
  usePageTitle('Sign In');
  const form = useFormFields(useSignInDraft.getState());
  useEffect(() => useSignInDraft.setState(form.values), [form.values]);
  const login = useAuthRequest<LoginInput>({
    path: '/api/auth/login',
    startsSession: true,
    success: { title: 'Welcome back!', description: 'You have successfully logged in.' },
    next: '/community',
    failure: { title: 'Login failed', fallback: 'Invalid email or password.' },
    onSuccess: clearSignInDraft,
  });

  const submit = form.submitWith(
    async (values) => (await import('./signInSchemas.ts')).loginInputSchema.safeParse(values),
    login.mutate,
  );
  if (login.twoStep)
    return (
      <Suspense fallback={null}>
        <TwoStepSignIn overline="Sacred Circle" {...login.twoStep} />
      </Suspense>
    );

  return (
    <AuthCard
      icon={<SpaIcon />}
      overline="Sacred Circle"
      title="Welcome Back"
      lead="Sign in to continue your journey with the Sacred Circle."
      alternative={{ prompt: 'New to the circle?', to: '/signup', label: 'Create one here' }}
    >
      <AuthForm
        label="Sign in"
        formRef={form.ref}
        onSubmit={submit}
        pending={login.isPending}
        submitLabel="Sign In"
        pendingLabel="Signing In..."
      >
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} required />
        <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} required />
        <ForgotPasswordLink />
      </AuthForm>
    </AuthCard>
  );
}
