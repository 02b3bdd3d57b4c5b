import { emailSchema, type LoginInput } from '@coach/contracts';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { startSession } from '../../shared/api/auth.ts';
import { postJson, serverMessage } from '../../shared/api/client.ts';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { notify } from '../../shared/notices/store.ts';
import { AuthCard } from '../account/AuthCard.tsx';
import { PasswordField } from '../account/PasswordField.tsx';
import { useFocusFirstInvalid } from '../account/useFocusFirstInvalid.ts';

type Errors = Partial<Record<keyof LoginInput, string>>;

/** The admin login's own rules and messages (spec members §5). */
export function validateAdminLogin({ email, password }: LoginInput): Errors {
  const errors: Errors = {};
  if (!email.trim()) errors.email = 'Email is required';
  else if (!emailSchema.safeParse(email).success) errors.email = 'Invalid email format';
  if (!password) errors.password = 'Password is required';
  return errors;
}

/** Admin login (/admin/login and /admin-login): success leads to the dashboard. */
export default function AdminLoginPage() {
  usePageTitle('Admin Login');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const form = useFocusFirstInvalid();

  const login = useMutation({
    mutationFn: async (input: LoginInput) => {
      await postJson('/api/admin/login', input);
      await startSession(queryClient);
    },
    onSuccess: () => {
      notify({ title: 'Login successful', description: 'Welcome to the admin dashboard' });
      navigate('/admin/dashboard');
    },
    onError: (error) => {
      notify({
        title: 'Login failed',
        description: serverMessage(error) ?? 'Invalid credentials',
        variant: 'destructive',
      });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateAdminLogin(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      form.refused();
      return;
    }
    login.mutate({ email: values.email.trim(), password: values.password });
  };

  const change = (field: keyof LoginInput) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return (
    <AuthCard
      icon={<AdminPanelSettingsIcon />}
      overline="Admin"
      title="Admin Portal"
      lead="Sign in to care for the site: members, posts, messages and subscribers."
    >
      <Box component="form" ref={form.ref} noValidate onSubmit={submit} aria-label="Admin sign in">
        <Stack spacing={2.5}>
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
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
            {login.isPending ? 'Signing In...' : 'Sign in to Admin'}
          </Button>
        </Stack>
      </Box>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/" sx={{ fontWeight: 600 }}>
          Back to Home
        </Link>
      </Typography>
    </AuthCard>
  );
}
