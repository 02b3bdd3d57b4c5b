import { CONTACT_SUBJECTS, contactInputSchema, type ContactInput } from '@coach/contracts';
import SendIcon from '@mui/icons-material/Send';
import { Box, Button, CircularProgress, MenuItem, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
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

/**
 * Contact form: idle, 'Sending...', then success (reset) or failure. Offline, the
 * message is kept and sent later: the visitor is told so, and the form resets as on success.
 */
export function ContactForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [attempts, setAttempts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // After a refused submit, keyboard and screen-reader users land on the first field to fix.
  useEffect(() => {
    if (attempts) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempts]);

  const send = useMutation({
    mutationFn: (input: ContactInput) => postOrQueue<unknown>('/api/contact', input),
    onSuccess: (result) => {
      notify(
        result.queued
          ? SAVED_OFFLINE.contact
          : {
              title: 'Message Sent Successfully!',
              description: "Thank you for reaching out. I'll get back to you within 24 hours.",
            },
      );
      setValues(EMPTY);
      setErrors({});
      setSubmitted(false);
    },
    onError: (error) => {
      console.error('Contact message failed', error);
      notify({
        title: 'Error Sending Message',
        description: 'Please try again or contact me directly via email.',
        variant: 'destructive',
      });
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
    const { data, errors: found } = validate(values);
    setErrors(found);
    if (data) send.mutate(data);
    else setAttempts((n) => n + 1);
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
      noValidate
      onSubmit={onSubmit}
      aria-label="Contact form"
      sx={{ display: 'grid', gap: 1 }}
    >
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField label="Your Name" autoComplete="name" required {...fieldProps('name')} />
        <TextField label="Email Address" type="email" autoComplete="email" required {...fieldProps('email')} />
      </Box>
      <TextField select label="Subject" required {...fieldProps('subject')}>
        {Object.entries(CONTACT_SUBJECTS).map(([value, label]) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
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
