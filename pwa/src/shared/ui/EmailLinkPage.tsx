import { Box, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { postJson, serverMessage } from '../api/client.ts';
import { usePageTitle } from '../hooks/usePageTitle.ts';

export interface EmailLinkTexts {
  /** The page's title, and its heading while the link is sent. */
  title: string;
  working: string;
  failedTitle: string;
  /** Said when the server's answer has no message of its own. */
  failedText: string;
}

/**
 * The page an e-mail's link opens (a confirmation, an unsubscribe): it sends the link's token to
 * `action` once (with the mailing the link names, when `withMailing`), and tells the reader how it
 * went: `done` shows the server's answer.
 */
export function EmailLinkPage<Answer>({
  action,
  withMailing = false,
  icon,
  overline,
  texts,
  done,
  onDone,
  actions,
}: {
  action: string;
  withMailing?: boolean;
  icon: ReactNode;
  overline: string;
  texts: EmailLinkTexts;
  done: (answer: Answer) => ReactNode;
  onDone?: () => void;
  /** The buttons under the page's message, whatever it is. */
  actions: ReactNode;
}) {
  usePageTitle(texts.title);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const mailing = withMailing ? params.get('mailing') : null;
  const request = useMutation({
    mutationFn: () => postJson<Answer>(action, { token, ...(mailing ? { mailing } : {}) }),
    onSuccess: () => onDone?.(),
  });
  const { mutate } = request;
  useEffect(() => mutate(), [mutate]);

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 10, md: 14 }, textAlign: 'center' }}>
      <Box sx={{ color: 'secondary.main', mb: 1 }}>{icon}</Box>
      <Typography variant="overline" color="secondary.dark">
        {overline}
      </Typography>
      {request.isSuccess ? (
        <Box role="status">{done(request.data)}</Box>
      ) : request.isError ? (
        <Box role="status">
          <Typography variant="h2" component="h1" gutterBottom>
            {texts.failedTitle}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 4 }}>
            {serverMessage(request.error) ?? texts.failedText}
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
        {actions}
      </Stack>
    </Container>
  );
}
