import { Alert, Box, Button, Stack } from '@mui/material';
import type { FormEvent, ReactNode, Ref } from 'react';

/** What a form in an AuthCard says: its accessible name and its button's label, then while it waits. */
export interface AuthFormTexts {
  label: string;
  submit: string;
  pending: string;
}

/**
 * The fields and submit button of a form in an AuthCard; the button waits while `pending`.
 * `form` (useFormFields) lets the page's HTML post it before, or without, the app; `notice`
 * is what such a post came to, shown above the fields (the app shows its own as notices).
 */
export function AuthForm({
  texts,
  form,
  onSubmit,
  pending,
  notice,
  children,
}: {
  texts: AuthFormTexts;
  form: { ref: Ref<HTMLFormElement>; formProps?: { method?: string; action?: string } };
  onSubmit: (event: FormEvent) => void;
  pending: boolean;
  notice?: FormNotice;
  children: ReactNode;
}) {
  return (
    <Box
      component="form"
      ref={form.ref}
      {...form.formProps}
      noValidate
      onSubmit={onSubmit}
      aria-label={texts.label}
      // Usable while the page waits for the app (its root takes no taps until then).
      sx={{ pointerEvents: 'auto' }}
    >
      <Stack spacing={2.5}>
        {notice && <FormNoticeAlert notice={notice} />}
        {children}
        <Button type="submit" variant="contained" size="large" disabled={pending}>
          {pending ? texts.pending : texts.submit}
        </Button>
      </Stack>
    </Box>
  );
}

/** A notice about a form, drawn in the page: a title and what it means. */
export interface FormNotice {
  title: string;
  description: string;
  variant?: 'destructive';
}

/** A form's notice in the page, announced as a status, or as an alert when it says what went wrong. */
export function FormNoticeAlert({ notice }: { notice: FormNotice }) {
  const failed = notice.variant === 'destructive';
  return (
    <Alert severity={failed ? 'error' : 'success'} role={failed ? 'alert' : 'status'}>
      <strong>{notice.title}</strong> {notice.description}
    </Alert>
  );
}
