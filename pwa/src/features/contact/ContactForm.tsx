import { CONTACT_SUBJECTS, contactInputSchema, type ContactInput } from '@coach/contracts';
import SendIcon from '@mui/icons-material/Send';
import { Box, Button, CircularProgress, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useLayoutEffect, useState, type FormEvent } from 'react';
import { FormNoticeAlert } from '../../shared/forms/AuthForm.tsx';
import { serverFieldErrors } from '../../shared/forms/fieldErrors.ts';
import { useOutcomeNotice } from '../../shared/forms/formOutcome.ts';
import { useFocusFirstInvalid } from '../../shared/forms/useFocusFirstInvalid.ts';
import { typedBeforeHydration } from '../../shared/forms/useFormFields.ts';
import { notify } from '../../shared/notices/store.ts';
import { postOrQueue, SAVED_OFFLINE } from '../../shared/pwa/submit.ts';

type Values = { name: string; email: string; subject: string; message: string };
type Errors = Partial<Record<keyof Values, string>>;

const EMPTY: Values = { name: '', email: '', subject: '', message: '' };

/** Validation messages come from the shared schema the server applies too. */
function validate(values: Values): { data?: ContactInput; errors: Errors } {
  const result = contactInputSchema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof Values;
    errors[field] ??= issue.message;
  }
  return { errors };
}

const SENT = {
  title: 'Message Sent Successfully!',
  description: "Thank you for reaching out. I'll get back to you within 24 hours.",
};
const NOT_SENT = {
  title: 'Error Sending Message',
  description: 'Please try again or contact me directly via email.',
  variant: 'destructive' as const,
};

/**
 * Contact form: idle, 'Sending...', then success (reset) or failure. Offline, the
 * message is kept and sent later: the visitor is told so, and the form resets as on success.
 * Before or without the app, the page's HTML posts it; the page then comes back with what it
 * came to: the notice in the page, and on a refusal what was typed with the messages beside it.
 */
export function ContactForm() {
  const { outcome, refused, notice, clearNotice } = useOutcomeNotice('/contact', {
    accepted: SENT,
    refused: () => NOT_SENT,
  });
  const [values, setValues] = useState<Values>(() => ({ ...EMPTY, ...(refused && outcome?.values) }));
  const [errors, setErrors] = useState<Errors>(() => serverFieldErrors<keyof Values>(refused));
  const [submitted, setSubmitted] = useState(Boolean(refused));
  const { ref: formRef, refused: focusFirstInvalid } = useFocusFirstInvalid(Boolean(refused));

  // What was typed before the app took the form over is kept.
  useLayoutEffect(() => {
    const typed = typedBeforeHydration(formRef.current);
    if (Object.keys(typed).length > 0) setValues((v) => ({ ...v, ...typed }));
  }, [formRef]);

  const send = useMutation({
    mutationFn: (input: ContactInput) => postOrQueue<unknown>('/api/contact', input),
    onSuccess: (result) => {
      notify(result.queued ? SAVED_OFFLINE.contact : SENT);
      setValues(EMPTY);
      setErrors({});
      setSubmitted(false);
    },
    onError: (error) => {
      console.error('Contact message failed', error);
      notify(NOT_SENT);
    },
  });

  const change = (field: keyof Values) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // After a first submit, errors follow the input so they clear as soon as it is fixed.
    if (submitted) setErrors(validate(next).errors);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    clearNotice();
    // What the fields show is what is sent, even typed in the instant the app took them over.
    const { data, errors: found } = validate({ ...values, ...typedBeforeHydration(formRef.current) });
    setErrors(found);
    if (data) send.mutate(data);
    else focusFirstInvalid();
  };

  const fieldProps = (field: keyof Values) => ({
    name: field,
    value: values[field],
    onChange: change(field),
    error: Boolean(errors[field]),
    helperText: errors[field] ?? ' ',
    disabled: send.isPending,
  });

  return (
    <Box
      component="form"
      ref={formRef}
      method="post"
      action="/contact"
      noValidate
      onSubmit={onSubmit}
      aria-label="Contact form"
      // Usable while the page waits for the app (its root takes no taps until then).
      sx={{ display: 'grid', gap: 1, pointerEvents: 'auto' }}
    >
      {notice && <FormNoticeAlert notice={notice} />}
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField label="Your Name" autoComplete="name" required {...fieldProps('name')} />
        <TextField label="Email Address" type="email" autoComplete="email" required {...fieldProps('email')} />
      </Box>
      {/* The browser's own list: it works before the app, and a phone shows its native picker. */}
      <TextField select label="Subject" required {...fieldProps('subject')} slotProps={{ select: { native: true } }}>
        <option value="" disabled>
          Choose a subject
        </option>
        {Object.entries(CONTACT_SUBJECTS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </TextField>
      <TextField label="Your Message" multiline rows={6} required {...fieldProps('message')} />
      <Button
        type="submit"
        variant="contained"
        color="secondary"
        size="large"
        disabled={send.isPending}
        startIcon={send.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <SendIcon />}
        sx={{ justifySelf: { sm: 'start' } }}
      >
        {send.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </Box>
  );
}
