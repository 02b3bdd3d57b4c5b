import MailIcon from '@mui/icons-material/MailOutlineOutlined';
import { Box, Button, CircularProgress, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { notify } from '../../shared/notices/store.ts';
import { postOrQueue, SAVED_OFFLINE } from '../../shared/pwa/submit.ts';
import { useHydrated } from '../../shared/hooks/useHydrated.ts';

/** 'Stay Connected': the newsletter subscription; kept for later when offline. */
export function NewsletterSection() {
  const [email, setEmail] = useState('');
  const subscribe = useMutation({
    mutationFn: (value: string) => postOrQueue<unknown>('/api/newsletter', { email: value }),
    onSuccess: (result) => {
      notify(
        result.queued
          ? SAVED_OFFLINE.newsletter
          : {
              title: 'Thank you for subscribing!',
              description: "You'll receive weekly insights and inspiration in your inbox.",
            },
      );
      setEmail('');
    },
    onError: (error) => {
      console.error('Newsletter subscription failed', error);
      notify({
        title: 'Subscription failed',
        description: 'Please check your email and try again.',
        variant: 'destructive',
      });
    },
  });

  const hydrated = useHydrated();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    // An empty field does nothing; the browser's email check guards the format.
    if (!value || subscribe.isPending) return;
    subscribe.mutate(value);
  };

  return (
    <Box
      component="section"
      aria-labelledby="newsletter-title"
      sx={{
        mt: 10,
        borderRadius: 6,
        p: { xs: 3.5, md: 7 },
        textAlign: 'center',
        color: '#fff',
        background:
          'radial-gradient(600px 260px at 10% 0%, rgba(233,162,95,0.4), transparent 70%), linear-gradient(135deg, #4E2F5E 0%, #2F1B3A 100%)',
      }}
    >
      <MailIcon sx={{ fontSize: 44, color: '#FFE3A6' }} aria-hidden />
      <Typography id="newsletter-title" variant="h2" sx={{ mt: 1 }}>
        Stay Connected
      </Typography>
      <Typography sx={{ mt: 1.5, mb: 4, opacity: 0.9, maxWidth: 520, mx: 'auto' }}>
        Weekly insights, gentle practices and inspiration for your spiritual journey, straight to your inbox.
      </Typography>
      <Box
        component="form"
        onSubmit={onSubmit}
        sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 1.5, maxWidth: 520, mx: 'auto' }}
      >
        <TextField
          type="email"
          required
          label="Your email address"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          // On the prerendered blog page, typing waits for the app (what it would type first is lost).
          disabled={!hydrated}
          autoComplete="email"
          slotProps={{ inputLabel: { sx: { color: 'text.secondary' } } }}
          sx={{
            bgcolor: '#fff',
            borderRadius: 3,
            '& .MuiOutlinedInput-root': { borderRadius: 3 },
            '& .MuiInputLabel-shrink': { bgcolor: '#fff', px: 0.5, borderRadius: 1 },
          }}
        />
        <Button
          type="submit"
          variant="contained"
          color="secondary"
          size="large"
          disabled={subscribe.isPending || !hydrated}
          sx={{ flexShrink: 0 }}
        >
          {subscribe.isPending ? <CircularProgress size={20} color="inherit" aria-label="Subscribing" /> : 'Subscribe'}
        </Button>
      </Box>
    </Box>
  );
}
