import { Box, Button, Stack } from '@mui/material';
import type { FormEvent, ReactNode, Ref } from 'react';

/** The fields and submit button of a form in an AuthCard; the button waits while `pending`. */
export function AuthForm({
  label,
  formRef,
  onSubmit,
  pending,
  submitLabel,
  pendingLabel,
  children,
}: {
  /** The form's accessible name. */
  label: string;
  formRef: Ref<HTMLFormElement>;
  onSubmit: (event: FormEvent) => void;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <Box component="form" ref={formRef} noValidate onSubmit={onSubmit} aria-label={label}>
      <Stack spacing={2.5}>
        {children}
        <Button type="submit" variant="contained" size="large" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </Stack>
    </Box>
  );
}
