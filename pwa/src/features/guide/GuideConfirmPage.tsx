import DownloadIcon from '@mui/icons-material/Download';
import MenuBookIcon from '@mui/icons-material/MenuBookOutlined';
import { Box, Button, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { FREE_GUIDE, type GuideConfirmed } from '@coach/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { postJson, serverMessage } from '../../shared/api/client.ts';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';

/** /guide/confirm?token=…: the confirmation e-mail's link confirms the address and gives the guide. */
export default function GuideConfirmPage() {
  usePageTitle('Your free guide');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const request = useMutation({ mutationFn: () => postJson<GuideConfirmed>('/api/guide/confirm', { token }) });
  const { mutate } = request;
  useEffect(() => mutate(), [mutate]);

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 10, md: 14 }, textAlign: 'center' }}>
      <Box sx={{ color: 'secondary.main', mb: 1 }}>
        <MenuBookIcon sx={{ fontSize: 56 }} aria-hidden />
      </Box>
      <Typography variant="overline" color="secondary.dark">
        Free guide
      </Typography>
      {request.isSuccess ? (
        <Box role="status">
          <Typography variant="h2" component="h1" gutterBottom>
            {FREE_GUIDE.title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {request.data.message}
          </Typography>
          {request.data.newsletter && (
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              You are subscribed to the newsletter too. Every e-mail has a link to unsubscribe whenever you wish.
            </Typography>
          )}
          <Button
            href={request.data.downloadUrl}
            download
            variant="contained"
            size="large"
            startIcon={<DownloadIcon />}
            sx={{ my: 3 }}
          >
            Download the Guide (PDF)
          </Button>
        </Box>
      ) : request.isError ? (
        <Box role="status">
          <Typography variant="h2" component="h1" gutterBottom>
            This link did not work
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 4 }}>
            {serverMessage(request.error) ?? 'This link is invalid or has expired. Please ask for the guide again.'}
          </Typography>
        </Box>
      ) : (
        <Stack role="status" spacing={2} sx={{ alignItems: 'center', my: 4 }}>
          <Typography variant="h2" component="h1">
            Your free guide
          </Typography>
          <CircularProgress aria-label="Confirming your email address…" />
          <Typography color="text.secondary">Confirming your email address…</Typography>
        </Stack>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
        <Button component={RouterLink} to="/coaching" variant="outlined">
          Explore Coaching
        </Button>
        <Button component={RouterLink} to="/" variant="outlined">
          Return Home
        </Button>
      </Stack>
    </Container>
  );
}
