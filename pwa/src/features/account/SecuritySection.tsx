import { passwordChangeSchema, type Accepted, type PasswordChange } from '@coach/contracts';
import LockIcon from '@mui/icons-material/LockOutlined';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useAuth } from '../../shared/api/auth.ts';
import { postJson, serverMessage } from '../../shared/api/client.ts';
import { notify } from '../../shared/notices/store.ts';
import { serverFieldErrors } from '../../shared/forms/fieldErrors.ts';
import { PasswordField } from '../../shared/forms/PasswordField.tsx';
import { PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';
import { TwoStepSettings } from '../two-step/index.ts';
import { useFormFields } from '../../shared/forms/useFormFields.ts';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * The Security tab of the profile and of the admin dashboard alike: changing the password (every
 * other session ends; this one stays) and two-step sign-in.
 */
export function SecuritySection() {
  return (
    <Stack spacing={3}>
      <ChangePasswordForm />
      <TwoStepSettings />
    </Stack>
  );
}

function ChangePasswordForm() {
  const { user } = useAuth();
  const form = useFormFields(EMPTY);
  const change = useMutation({
    mutationFn: (input: PasswordChange) => postJson<Accepted>('/api/auth/password', input),
    onSuccess: (answer) => {
      form.setValues(EMPTY);
      notify({ title: 'Password changed', description: answer.message });
    },
    onError: (error) => {
      form.check(serverFieldErrors(error));
      notify({
        title: 'Password not changed',
        description: serverMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { confirmPassword, ...input } = form.values;
    const parsed = passwordChangeSchema.safeParse(input);
    const data = form.accept(parsed);
    if (!data) return;
    if (confirmPassword !== data.newPassword) {
      form.check({ confirmPassword: 'The two new passwords do not match' });
      return;
    }
    change.mutate(data);
  };

  return (
    <Card component="section" aria-labelledby="change-password-title">
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Box component="form" ref={form.ref} noValidate onSubmit={submit} aria-labelledby="change-password-title">
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
            <LockIcon color="secondary" aria-hidden />
            <Typography id="change-password-title" variant="h5" component="h2" sx={{ color: 'primary.dark' }}>
              Change password
            </Typography>
          </Stack>
          <Typography sx={{ color: 'text.secondary', mb: 2.5 }}>
            After the change, every other device signed in to your account is signed out.
          </Typography>
          <Stack spacing={2.5} sx={{ maxWidth: 480 }}>
            <PasswordField
              label="Current password"
              autoComplete="current-password"
              {...form.field('currentPassword')}
              required
            />
            <PasswordField label="New password" autoComplete="new-password" {...form.field('newPassword')} required />
            <PasswordStrengthMeter
              password={form.values.newPassword}
              userInputs={user ? [user.name, user.username, user.email] : []}
            />
            <PasswordField
              label="Confirm new password"
              autoComplete="new-password"
              {...form.field('confirmPassword')}
              required
            />
            <Box>
              <Button type="submit" variant="contained" disabled={change.isPending}>
                {change.isPending ? 'Changing Password...' : 'Change Password'}
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
