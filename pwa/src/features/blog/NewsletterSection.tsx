import MailIcon from '@mui/icons-material/MailOutlineOutlined';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { FormNoticeAlert } from '../../shared/forms/AuthForm.tsx';
import { useOutcomeNotice } from '../../shared/forms/formOutcome.ts';
import { typedBeforeHydration } from '../../shared/forms/useFormFields.ts';
import { notify } from '../../shared/notices/store.ts';
import { postOrQueue, SAVED_OFFLINE } from '../../shared/pwa/submit.ts';
import { trackEvent } from '../insights/index.ts';
import { TextField } from '../../shared/ui/TextField.tsx';

const SUBSCRIBED = {
  title: 'Thank you for subscribing!',
  description: "You'll receive weekly insights and inspiration in your inbox.",
};
const NOT_SUBSCRIBED = {
  title: 'Subscription failed',
  description: 'Please check your email and try again.',
  variant: 'destructive' as const,
};

/**
 * 'Stay Connected': the newsletter subscription; kept for later when offline. Before or without
 * the app, the page's HTML posts it, and the gateway brings the reader back to this page with
 * what it came to.
 */
export function NewsletterSection() {
  const { outcome, refused, notice, clearNotice } = useOutcomeNotice('/newsletter', {
    accepted: SUBSCRIBED,
    refused: () => NOT_SUBSCRIBED,
  });
  const [email, setEmail] = useState(() => (refused && outcome?.values.email) || '');
  const { pathname, search } = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  // An address typed before the app took the form over is kept.
  useLayoutEffect(() => {
    const typed = typedBeforeHydration(formRef.current).email;
    if (typed !== undefined) setEmail(typed);
  }, []);
  const subscribe = useMutation({
    mutationFn: (value: string) => postOrQueue<unknown>('/api/newsletter', { email: value }),
    onSuccess: (result) => {
      trackEvent('newsletter_subscribed');
      notify(result.queued ? SAVED_OFFLINE.newsletter : SUBSCRIBED);
      setEmail('');
    },
    onError: (error) => {
      console.error('Newsletter subscription failed', error);
      notify(NOT_SUBSCRIBED);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    clearNotice();
    // What the field shows is what is sent, even typed in the instant the app took it over.
    const value = (typedBeforeHydration(formRef.current).email ?? email).trim();
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
      {notice && (
        <Box sx={{ maxWidth: 520, mx: 'auto', mb: 2, textAlign: 'left' }}>
          <FormNoticeAlert notice={notice} />
        </Box>
      )}
      <Box
        component="form"
        ref={formRef}
        method="post"
        action="/newsletter"
        onSubmit={onSubmit}
        aria-label="Newsletter"
        // Usable while the page waits for the app (its root takes no taps until then).
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 1.5,
          maxWidth: 520,
          mx: 'auto',
          pointerEvents: 'auto',
        }}
      >
        {/* Where the gateway brings the reader back to. */}
        <input type="hidden" name="returnTo" value={pathname + search} />
        <TextField
          type="email"
          name="email"
          required
          label="Your email address"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
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
          disabled={subscribe.isPending}
          sx={{ flexShrink: 0 }}
        >
          {subscribe.isPending ? <CircularProgress size={20} color="inherit" aria-label="Subscribing" /> : 'Subscribe'}
        </Button>
      </Box>
    </Box>
  );
}
