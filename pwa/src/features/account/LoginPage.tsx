import { loginInputSchema, type LoginInput } from '@coach/contracts';
import SpaIcon from '@mui/icons-material/Spa';
import { Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { startSession } from '../../shared/api/auth.ts';
import { postJson, serverMessage } from '../../shared/api/client.ts';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { notify } from '../../shared/notices/store.ts';
import { AuthCard } from './AuthCard.tsx';
import { fieldErrors } from './fieldErrors.ts';
import { PasswordField } from './PasswordField.tsx';
import { useFocusFirstInvalid } from './useFocusFirstInvalid.ts';

type Errors = Partial<Record<keyof LoginInput, string>>;

/** Sign in (/login): success leads to the Sacred Circle (spec members §2, §4, §8). */
export default function LoginPage() {
  usePageTitle('Sign In');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const form = useFocusFirstInvalid();

  const login = useMutation({
    mutationFn: async (input: LoginInput) => {
      await postJson('/api/auth/login', input);
      await startSession(queryClient);
    },
    onSuccess: () => {
      notify({ title: 'Welcome back!', description: 'You have successfully logged in.' });
      navigate('/community');
    },
    onError: (error) => {
      notify({
        title: 'Login failed',
        description: serverMessage(error) ?? 'Invalid email or password.',
        variant: 'destructive',
      });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<keyof LoginInput>(parsed.error.issues));
      form.refused();
      return;
    }
    setErrors({});
    login.mutate(parsed.data);
  };

  const change = (field: keyof LoginInput) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return (
    <AuthCard
      icon={<SpaIcon />}
      overline="Sacred Circle"
      title="Welcome Back"
      lead="Sign in to continue your journey with the Sacred Circle."
    >
      <Box component="form" ref={form.ref} noValidate onSubmit={submit} aria-label="Sign in">
        <Stack spacing={2.5}>
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            value={values.email}
            onChange={change('email')}
            error={Boolean(errors.email)}
            helperText={errors.email}
            required
          />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            value={values.password}
            onChange={change('password')}
            error={Boolean(errors.password)}
            helperText={errors.password}
            required
          />
          <Button type="submit" variant="contained" size="large" disabled={login.isPending}>
            {login.isPending ? 'Signing In...' : 'Sign In'}
          </Button>
        </Stack>
      </Box>
      <Typography sx={{ mt: 3, textAlign: 'center', color: 'text.secondary' }}>
        New to the circle?{' '}
        <Link component={RouterLink} to="/signup" sx={{ fontWeight: 700 }}>
          Create one here
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
