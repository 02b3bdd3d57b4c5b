import { signupInputSchema, type SignupInput } from '@coach/contracts';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import { Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { postJson, serverMessage } from '../../shared/api/client.ts';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { notify } from '../../shared/notices/store.ts';
import { AuthCard } from './AuthCard.tsx';
import { fieldErrors } from './fieldErrors.ts';
import { PasswordField } from './PasswordField.tsx';
import { useFocusFirstInvalid } from './useFocusFirstInvalid.ts';

type Field = keyof SignupInput;
type Errors = Partial<Record<Field, string>>;

/** Join the Journey (/signup): success leads to the sign-in page (spec members §2, §4, §8). */
export default function SignupPage() {
  usePageTitle('Join the Journey');
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({ name: '', username: '', email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const form = useFocusFirstInvalid();

  const signup = useMutation({
    mutationFn: (input: SignupInput) => postJson('/api/auth/signup', input),
    onSuccess: () => {
      notify({ title: 'Welcome to the community!', description: 'Your account has been created successfully.' });
      navigate('/login');
    },
    onError: (error) => {
      notify({
        title: 'Signup failed',
        description: serverMessage(error) ?? 'Unable to create account. Please try again.',
        variant: 'destructive',
      });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = signupInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error.issues));
      form.refused();
      return;
    }
    setErrors({});
    signup.mutate(parsed.data);
  };

  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: event.target.value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
    },
    error: Boolean(errors[name]),
    helperText: errors[name],
    required: true,
  });

  return (
    <AuthCard
      icon={<VolunteerActivismIcon />}
      overline="Sacred Circle"
      title="Join the Journey"
      lead="Create your account to enter the Sacred Circle, a gentle community of seekers."
    >
      <Box component="form" ref={form.ref} noValidate onSubmit={submit} aria-label="Create account">
        <Stack spacing={2.5}>
          <TextField label="Full Name" autoComplete="name" {...field('name')} />
          <TextField label="Username" autoComplete="username" {...field('username')} />
          <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            {...field('password')}
            helperText={errors.password ?? 'At least 8 characters'}
          />
          <Button type="submit" variant="contained" size="large" disabled={signup.isPending}>
            {signup.isPending ? 'Creating Account...' : 'Create Account'}
          </Button>
        </Stack>
      </Box>
      <Typography sx={{ mt: 3, textAlign: 'center', color: 'text.secondary' }}>
        Already part of the circle?{' '}
        <Link component={RouterLink} to="/login" sx={{ fontWeight: 700 }}>
          Sign in here
        </Link>
      </Typography>
      <Typography sx={{ mt: 1, textAlign: 'center' }}>
        <Link component={RouterLink} to="/" sx={{ fontWeight: 600 }}>
          Back to Home
        </Link>
      </Typography>
    </AuthCard>
  );
}
