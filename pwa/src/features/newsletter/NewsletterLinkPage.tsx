import MailIcon from '@mui/icons-material/MailOutlineOutlined';
import { Box, Button, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { postJson, serverMessage } from '../../shared/api/client.ts';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import type { BrowserEvent } from '@coach/contracts';
import { trackEvent } from '../insights/index.ts';

export interface LinkPageTexts {
  title: string;
  working: string;
  doneTitle: string;
  doneText: string;
  failedTitle: string;
  failedText: string;
}

/**
 * The page a newsletter e-mail's link opens: it sends the link's token (and mailing) to `action`
 * once, and tells the reader how it went.
 */
export function NewsletterLinkPage({
  action,
  texts,
  counted,
}: {
  action: string;
  texts: LinkPageTexts;
  /** The event a link that worked counts in the coach's insights. */
  counted?: BrowserEvent;
}) {
  usePageTitle(texts.title);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const mailing = params.get('mailing') ?? undefined;
  const request = useMutation({
    mutationFn: () => postJson(action, { token, ...(mailing ? { mailing } : {}) }),
    onSuccess: () => counted && trackEvent(counted),
  });
  const { mutate } = request;
  useEffect(() => mutate(), [mutate]);

  const failed = request.isError;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 10, md: 14 }, textAlign: 'center' }}>
      <Box sx={{ color: 'secondary.main', mb: 1 }}>
        <MailIcon sx={{ fontSize: 56 }} aria-hidden />
      </Box>
      <Typography variant="overline" color="secondary.dark">
        Newsletter
      </Typography>
      {request.isSuccess || failed ? (
        <Box role="status">
          <Typography variant="h2" component="h1" gutterBottom>
            {failed ? texts.failedTitle : texts.doneTitle}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 4 }}>
            {failed ? (serverMessage(request.error) ?? texts.failedText) : texts.doneText}
          </Typography>
        </Box>
      ) : (
        <Stack role="status" spacing={2} sx={{ alignItems: 'center', my: 4 }}>
          <Typography variant="h2" component="h1">
            {texts.title}
          </Typography>
          <CircularProgress aria-label={texts.working} />
          <Typography color="text.secondary">{texts.working}</Typography>
        </Stack>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
        <Button component={RouterLink} to="/blog" variant="contained">
          Read the Blog
        </Button>
        <Button component={RouterLink} to="/" variant="outlined">
          Return Home
        </Button>
      </Stack>
    </Container>
  );
}
