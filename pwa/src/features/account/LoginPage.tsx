import type { LoginInput } from '@coach/contracts';
import SpaIcon from '@mui/icons-material/Spa';
import { Suspense, lazy, useEffect } from 'react';
import { AuthCard, type AuthCardTexts } from '../../shared/forms/AuthCard.tsx';
import { AuthForm, type AuthFormTexts } from '../../shared/forms/AuthForm.tsx';
import { acceptedAnswer, useFormOutcome } from '../../shared/forms/formOutcome.ts';
import { PasswordField } from '../../shared/forms/PasswordField.tsx';
import { useFormFields } from '../../shared/forms/useFormFields.ts';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { ForgotPasswordLink } from './ForgotPasswordLink.tsx';
import { clearSignInDraft, SIGNED_IN, SIGNED_UP, useSignInDraft } from './signInDraft.ts';
import { useReturnTo } from './returnTo.ts';
import { useAuthRequest } from './useAuthRequest.ts';
import { TextField } from '../../shared/ui/TextField.tsx';

const CARD: AuthCardTexts = {
  overline: 'Sacred Circle',
  title: 'Welcome Back',
  lead: 'Sign in to continue your journey with the Sacred Circle.',
  alternative: { prompt: 'New to the circle?', to: '/signup', label: 'Create one here' },
};

const TwoStepSignIn = lazy(() => import('../two-step/index.ts').then((step) => ({ default: step.TwoStepSignIn })));

const FORM: AuthFormTexts = { label: 'Sign in', submit: 'Sign In', pending: 'Signing In...' };

/**
 * Sign in (/login): success leads to the Sacred Circle, or back to the members-only page that
 * asked the visitor to sign in. The schema that checks the form and the
 * code step come when first needed (signInSchemas.ts says why).
 */
export default function LoginPage() {
  usePageTitle('Sign In');
  // After a sign-up the page's HTML posted, the form starts with its e-mail, as after the app's own.
  const signUp = useFormOutcome('/signup');
  const signedUp = acceptedAnswer(signUp) !== undefined;
  const form = useFormFields(
    { ...useSignInDraft.getState(), ...(signedUp && signUp?.values.email && { email: signUp.values.email }) },
    '/login',
  );
  useEffect(() => useSignInDraft.setState(form.values), [form.values]);
  const login = useAuthRequest<LoginInput>({
    path: '/api/auth/login',
    action: '/login',
    startsSession: true,
    success: SIGNED_IN,
    next: useReturnTo() ?? '/community',
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
    <AuthCard icon={<SpaIcon />} texts={CARD}>
      <AuthForm
        texts={FORM}
        form={form}
        onSubmit={submit}
        pending={login.isPending}
        notice={login.notice ?? (signedUp ? SIGNED_UP : undefined)}
      >
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} required />
        <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} required />
        <ForgotPasswordLink />
      </AuthForm>
    </AuthCard>
  );
}
