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

/** What the page says once the link's answer came: its heading, its lines, and a button if any. */
export interface EmailLinkOutcome {
  title: string;
  lines: (string | false)[];
  action?: ReactNode;
}

/** The heading and lines of an outcome, and its button. */
function Outcome({ title, lines, action }: EmailLinkOutcome) {
  return (
    <Box role="status">
      <Typography variant="h2" component="h1" gutterBottom>
        {title}
      </Typography>
      {lines.map(
        (line) =>
          line && (
            <Typography key={line} color="text.secondary" sx={{ mb: action ? 1 : 4 }}>
              {line}
            </Typography>
          ),
      )}
      {action}
    </Box>
  );
}

/**
 * The page an e-mail's link opens (a confirmation, an unsubscribe): it sends the link's token to
 * `action` once (with the mailing the link names, when `withMailing`), and tells the reader how it
 * went: `done` says what the server's answer means.
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
  done: (answer: Answer) => EmailLinkOutcome;
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
        <Outcome {...done(request.data)} />
      ) : request.isError ? (
        <Outcome title={texts.failedTitle} lines={[serverMessage(request.error) ?? texts.failedText]} />
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
