import MailIcon from '@mui/icons-material/MarkEmailReadOutlined';
import {
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Typography,
} from '@mui/material';
import { FREE_GUIDE, GUIDE_NEWSLETTER_CONSENT, type Accepted } from '@coach/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { serverMessage } from '../../shared/api/client.ts';
import { notify } from '../../shared/notices/store.ts';
import { TextField } from '../../shared/ui/TextField.tsx';
import { postOrQueue, SAVED_OFFLINE } from '../../shared/pwa/submit.ts';
import { trackEvent } from '../insights/index.ts';

const NOT_SENT = {
  title: 'Your request was not sent',
  description: 'Please check your email and try again.',
  variant: 'destructive' as const,
};

/**
 * 'Download Free Guide': an e-mail address and an unticked box to join the newsletter too. The
 * guide's link is mailed to confirm the address; kept for later when offline.
 */
export function GuideDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [newsletter, setNewsletter] = useState(false);
  const request = useMutation({
    mutationFn: (body: { email: string; newsletter: boolean }) => postOrQueue<Accepted>('/api/guide', body),
    onSuccess: (result) => {
      trackEvent('guide_taken');
      if (result.queued) {
        notify(SAVED_OFFLINE.guide);
        onClose();
      }
    },
    // A refusal with a reason (an invalid address) is shown under the field.
    onError: (error) => {
      if (serverMessage(error) === undefined) notify(NOT_SENT);
    },
  });
  const refusal = request.isError ? serverMessage(request.error) : undefined;
  const sent = request.data && !request.data.queued ? request.data.data.message : undefined;

  const close = () => {
    onClose();
    request.reset();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value || request.isPending) return;
    request.mutate({ email: value, newsletter });
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="guide-title" fullWidth maxWidth="sm">
      <DialogTitle id="guide-title">{FREE_GUIDE.title}</DialogTitle>
      {sent ? (
        <>
          <DialogContent>
            <Stack role="status" spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
              <MailIcon color="secondary" sx={{ fontSize: 48 }} aria-hidden />
              <Typography variant="h5" component="p">
                Check your inbox
              </Typography>
              <Typography color="text.secondary">{sent}</Typography>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Close</Button>
          </DialogActions>
        </>
      ) : (
        <form onSubmit={onSubmit} aria-label="Free guide">
          <DialogContent sx={{ pt: 0 }}>
            <Typography color="text.secondary" sx={{ mb: 2.5 }}>
              Seven gentle practices for your mornings and evenings, in a short guide to keep. Enter your email address
              and I will send you the link to download it.
            </Typography>
            <TextField
              type="email"
              name="email"
              required
              fullWidth
              label="Your email address"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={refusal !== undefined}
              helperText={refusal}
            />
            <FormControlLabel
              sx={{ mt: 1.5, alignItems: 'flex-start' }}
              control={
                <Checkbox
                  name="newsletter"
                  checked={newsletter}
                  onChange={(e) => setNewsletter(e.target.checked)}
                  sx={{ mt: -0.75 }}
                />
              }
              label={<Typography variant="body2">{GUIDE_NEWSLETTER_CONSENT}</Typography>}
            />
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={request.isPending}>
              {request.isPending ? (
                <CircularProgress size={20} color="inherit" aria-label="Sending" />
              ) : (
                'Send Me the Guide'
              )}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
