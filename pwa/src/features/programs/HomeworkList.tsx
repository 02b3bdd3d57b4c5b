import type { PortalHomework } from '@coach/contracts';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { serverMessage } from '../../shared/api/client.ts';
import { formatLongDate } from '../../shared/dates.ts';
import { postOrQueue } from '../../shared/pwa/submit.ts';
import { homeworkAnswerPath, PORTAL_KEY } from './queries.ts';
import { TextField } from '../../shared/ui/TextField.tsx';

function Homework({ homework }: { homework: PortalHomework }) {
  const [answer, setAnswer] = useState(homework.answer ?? '');
  const [editing, setEditing] = useState(homework.answer === null);
  const queryClient = useQueryClient();
  // Offline, the answer waits in the outbox and is sent once the connection returns.
  const send = useMutation({
    mutationFn: () => postOrQueue<PortalHomework>(homeworkAnswerPath(homework.id), { answer }),
    onSuccess: (sent) => {
      setEditing(false);
      if (!sent.queued) void queryClient.invalidateQueries({ queryKey: PORTAL_KEY });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };
  const queued = send.data?.queued === true;
  return (
    <Box component="li" sx={{ py: 2, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
      <Typography sx={{ fontWeight: 700, whiteSpace: 'pre-wrap' }}>{homework.prompt}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Set {formatLongDate(homework.createdAt)}
      </Typography>
      {editing ? (
        <Stack component="form" spacing={1.5} onSubmit={submit} aria-label={`Your answer to: ${homework.prompt}`}>
          <TextField
            label="Your answer"
            multiline
            minRows={3}
            value={answer}
            onChange={(e) => setAnswer(e.target.value)}
            fullWidth
          />
          {send.isError && (
            <Alert severity="error">
              {serverMessage(send.error) ?? 'Your answer could not be sent. Please try again.'}
            </Alert>
          )}
          <Button
            type="submit"
            variant="contained"
            disabled={answer.trim() === '' || send.isPending}
            sx={{ alignSelf: 'flex-start' }}
          >
            {send.isPending ? 'Sending…' : 'Send my answer'}
          </Button>
        </Stack>
      ) : (
        <>
          <Typography sx={{ whiteSpace: 'pre-wrap', bgcolor: 'background.default', p: 1.5, borderRadius: 2 }}>
            {answer}
          </Typography>
          {queued ? (
            <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 1 }}>
              Saved on this device: it will be sent when you are back online.
            </Typography>
          ) : (
            <Button size="small" onClick={() => setEditing(true)} sx={{ mt: 0.5, ml: -1 }}>
              Edit my answer
            </Button>
          )}
        </>
      )}
    </Box>
  );
}

/** The homework her coach set her, each with her answer. */
export function HomeworkList({ homework }: { homework: PortalHomework[] }) {
  if (homework.length === 0)
    return (
      <Typography color="text.secondary">No homework yet. Your coach will set some after your sessions.</Typography>
    );
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Homework">
      {homework.map((h) => (
        <Homework key={h.id} homework={h} />
      ))}
    </Box>
  );
}
