import type { CommunityReply } from '@coach/contracts';
import { Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { failureNotice, postJson } from '../../shared/api/client.ts';
import { formatLongDate } from '../../shared/dates.ts';
import { notify } from '../../shared/notices/store.ts';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { palette } from '../../shared/palette.ts';
import { ItemActions } from './ItemActions.tsx';
import { POST_MAX_LENGTH, POSTS_KEY, repliesKey } from './queries.ts';
import { TextField } from '../../shared/ui/TextField.tsx';

export const memberLabel = (userId: number) => `Community Member #${userId}`;

/** The replies under a post, oldest first, and a box to add one. */
export function Thread({ id, postId, userId }: { id: string; postId: string; userId: string }) {
  const replies = useQuery<CommunityReply[]>({ queryKey: repliesKey(postId) });
  return (
    <Box id={id} sx={{ mt: 2, pl: { xs: 1.5, sm: 2.5 }, borderLeft: `3px solid ${alpha(palette.plum, 0.15)}` }}>
      {replies.isPending && <Skeleton variant="rounded" height={56} aria-label="Loading replies" />}
      {replies.isError && <LoadError what="the replies" onRetry={() => void replies.refetch()} />}
      {replies.isSuccess && replies.data.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No replies yet. Offer a kind word.
        </Typography>
      )}
      {replies.isSuccess && replies.data.length > 0 && (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Replies">
          {replies.data.map((reply) => (
            <Box component="li" key={reply.id} sx={{ bgcolor: alpha(palette.plum, 0.04), borderRadius: 3, p: 1.5 }}>
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: 700, color: 'primary.dark' }}>
                  {memberLabel(reply.userId)}
                  <Typography
                    component="time"
                    variant="body2"
                    color="text.secondary"
                    dateTime={reply.createdAt}
                    sx={{ ml: 1, fontWeight: 400 }}
                  >
                    {formatLongDate(reply.createdAt)}
                  </Typography>
                </Typography>
                <ItemActions
                  kind="reply"
                  id={reply.id}
                  mine={String(reply.userId) === userId}
                  author={memberLabel(reply.userId)}
                />
              </Stack>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', mt: 0.5 }}>
                {reply.content}
              </Typography>
            </Box>
          ))}
        </Stack>
      )}
      <ReplyComposer postId={postId} />
    </Box>
  );
}

function ReplyComposer({ postId }: { postId: string }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: (content: string) => postJson<CommunityReply>(`/api/community/posts/${postId}/replies`, { content }),
    onSuccess: async () => {
      setText('');
      await queryClient.invalidateQueries({ queryKey: POSTS_KEY });
    },
    onError: (error) => notify(failureNotice('Could not send your reply', error)),
  });
  const content = text.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (content && !send.isPending) send.mutate(content);
  };
  return (
    <Stack
      component="form"
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ mt: 1.5, alignItems: { sm: 'flex-start' } }}
    >
      {/* The thread opens when Reply is pressed: the member goes straight on to write. */}
      <TextField
        label="Your reply"
        size="small"
        autoFocus
        multiline
        maxRows={6}
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{ htmlInput: { maxLength: POST_MAX_LENGTH } }}
        sx={{ flex: 1 }}
      />
      <Button type="submit" variant="contained" disabled={!content || send.isPending}>
        {send.isPending ? 'Sending...' : 'Send reply'}
      </Button>
    </Stack>
  );
}
