import { signupInputSchema, type SignupInput } from '@coach/contracts';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import { TextField } from '@mui/material';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { AuthCard } from '../../shared/forms/AuthCard.tsx';
import { AuthForm } from '../../shared/forms/AuthForm.tsx';
import { PasswordField } from '../../shared/forms/PasswordField.tsx';
import { PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';
import { prefillSignIn, SIGNED_UP } from './signInDraft.ts';
import { useAuthRequest } from './useAuthRequest.ts';
import { useFormFields } from '../../shared/forms/useFormFields.ts';

/** Join the Journey (/signup): success leads to the sign-in page. */
export default function SignupPage() {
  usePageTitle('Join the Journey');
  const form = useFormFields({ name: '', username: '', email: '', password: '' }, '/signup');
  const signup = useAuthRequest<SignupInput>({
    path: '/api/auth/signup',
    action: '/signup',
    startsSession: false,
    success: SIGNED_UP,
    next: '/login',
    failure: { title: 'Signup failed', fallback: 'Unable to create account. Please try again.' },
    onSuccess: ({ email }) => prefillSignIn(email),
  });

  const submit = form.submitWith((values) => signupInputSchema.safeParse(values), signup.mutate);

  return (
    <AuthCard
      icon={<VolunteerActivismIcon />}
      overline="Sacred Circle"
      title="Join the Journey"
      lead="Create your account to enter the Sacred Circle, a gentle community of seekers."
      alternative={{ prompt: 'Already part of the circle?', to: '/login', label: 'Sign in here' }}
    >
      <AuthForm
        label="Create account"
        formRef={form.ref}
        formProps={form.formProps}
        onSubmit={submit}
        notice={signup.notice}
        pending={signup.isPending}
        submitLabel="Create Account"
        pendingLabel="Creating Account..."
      >
        <TextField label="Full Name" autoComplete="name" {...form.field('name')} required />
        <TextField label="Username" autoComplete="username" {...form.field('username')} required />
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} required />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          {...form.field('password')}
          required
          helperText={form.errors.password ?? 'At least 8 characters'}
        />
        <PasswordStrengthMeter
          password={form.values.password}
          userInputs={[form.values.name, form.values.username, form.values.email]}
        />
      </AuthForm>
    </AuthCard>
  );
}
