import { signupInputSchema, type SignupInput } from '@coach/contracts';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { AuthCard, type AuthCardTexts } from '../../shared/forms/AuthCard.tsx';
import { AuthForm, type AuthFormTexts } from '../../shared/forms/AuthForm.tsx';
import { NewPasswordField } from './NewPasswordField.tsx';
import { prefillSignIn, SIGNED_UP } from './signInDraft.ts';
import { useAuthRequest } from './useAuthRequest.ts';
import { useFormFields } from '../../shared/forms/useFormFields.ts';
import { TextField } from '../../shared/ui/TextField.tsx';

const CARD: AuthCardTexts = {
  overline: 'Sacred Circle',
  title: 'Join the Journey',
  lead: 'Create your account to enter the Sacred Circle, a gentle community of seekers.',
  alternative: { prompt: 'Already part of the circle?', to: '/login', label: 'Sign in here' },
};

const FORM: AuthFormTexts = { label: 'Create account', submit: 'Create Account', pending: 'Creating Account...' };

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
    <AuthCard icon={<VolunteerActivismIcon />} texts={CARD}>
      <AuthForm texts={FORM} form={form} onSubmit={submit} notice={signup.notice} pending={signup.isPending}>
        <TextField label="Full Name" autoComplete="name" {...form.field('name')} required />
        <TextField label="Username" autoComplete="username" {...form.field('username')} required />
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} required />
        <NewPasswordField
          label="Password"
          field={form.field('password')}
          userInputs={[form.values.name, form.values.username, form.values.email]}
        />
      </AuthForm>
    </AuthCard>
  );
}
