import type { CommunityPost, LikeState } from '@coach/contracts';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import SpaIcon from '@mui/icons-material/Spa';
import { Avatar, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest, failureNotice } from '../../shared/api/client.ts';
import { mapRows, type ListPages } from '../../shared/api/listPages.ts';
import { notify } from '../../shared/notices/store.ts';
import { visuallyHidden } from '../../shared/ui/visuallyHidden.ts';
import { palette } from '../../shared/palette.ts';
import { LongDate } from '../../shared/ui/LongDate.tsx';
import { ItemActions } from './ItemActions.tsx';
import { POSTS_KEY } from './queries.ts';
import { ReflectionPrompt } from './ReflectionPrompt.tsx';
import { memberLabel, Thread } from './Thread.tsx';

/** Like: once per member, shown at once and set right by the server's count. */
function LikeButton({ post }: { post: CommunityPost }) {
  const queryClient = useQueryClient();
  /** The post's like, in whichever page of the feed it is. */
  const setLike = (state: LikeState) =>
    queryClient.setQueryData<ListPages<CommunityPost>>(POSTS_KEY, (feed) =>
      mapRows(feed, (p) => (p.id === post.id ? { ...p, ...state } : p)),
    );
  const like = useMutation({
    mutationFn: async (liked: boolean) => {
      const res = await apiRequest(liked ? 'PUT' : 'DELETE', `/api/community/posts/${post.id}/like`);
      return (await res.json()) as LikeState;
    },
    // Only this post's like is undone on failure: pages loaded meanwhile stay.
    onMutate: (liked) => {
      const before: LikeState = { likedByMe: post.likedByMe, likeCount: post.likeCount };
      setLike({ likedByMe: liked, likeCount: post.likeCount + (liked ? 1 : -1) });
      return { before };
    },
    onSuccess: setLike,
    onError: (error, _liked, context) => {
      if (context) setLike(context.before);
      notify(failureNotice('Could not save your like', error));
    },
  });
  return (
    <Button
      size="small"
      startIcon={post.likedByMe ? <FavoriteIcon /> : <FavoriteBorderIcon />}
      aria-pressed={post.likedByMe}
      onClick={() => like.mutate(!post.likedByMe)}
      sx={actionSx(post.likedByMe)}
    >
      Like
      <Count value={post.likeCount} label={post.likeCount === 1 ? 'like' : 'likes'} />
    </Button>
  );
}

const actionSx = (active: boolean) => ({ color: active ? 'secondary.dark' : 'text.secondary', minHeight: 40, px: 1.5 });

function Count({ value, label }: { value: number; label: string }) {
  if (value === 0) return null;
  return (
    <Box component="span" sx={{ ml: 0.75, fontWeight: 700 }}>
      {value}
      <Box component="span" sx={visuallyHidden}>
        {` ${label}`}
      </Box>
    </Box>
  );
}

/**
 * One post of the feed: author, optional Weekly Reflection badge with its prompt, date, text;
 * Like, Reply (its thread opens under the post) and the delete-or-report menu.
 */
export function PostCard({ post, userId }: { post: CommunityPost; userId: string }) {
  const mine = String(post.userId) === userId;
  const headingId = `post-${post.id}-author`;
  const threadId = `post-${post.id}-thread`;
  const [threadOpen, setThreadOpen] = useState(false);
  return (
    <Card component="article" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <Avatar sx={{ bgcolor: alpha(palette.plum, 0.12), color: 'primary.main' }} aria-hidden>
            <SpaIcon fontSize="small" />
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography id={headingId} component="h3" sx={{ fontWeight: 700, color: 'primary.dark' }}>
                {memberLabel(post.userId)}
              </Typography>
              {mine && (
                <Chip size="small" label="You" sx={{ bgcolor: alpha(palette.plum, 0.1), color: 'primary.dark' }} />
              )}
            </Stack>
            <Typography variant="body2" color="text.secondary" component="time" dateTime={post.createdAt}>
              <LongDate value={post.createdAt} />
            </Typography>
          </Box>
        </Stack>
        {post.prompt && <ReflectionPrompt prompt={post.prompt} />}
        <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{post.content}</Typography>
        <Stack
          direction="row"
          spacing={1}
          sx={{ mt: 2, pt: 1.5, borderTop: '1px solid', borderColor: 'divider', alignItems: 'center' }}
        >
          <LikeButton post={post} />
          <Button
            size="small"
            startIcon={<ChatBubbleOutlineIcon />}
            aria-expanded={threadOpen}
            aria-controls={threadId}
            onClick={() => setThreadOpen((open) => !open)}
            sx={actionSx(threadOpen)}
          >
            Reply
            <Count value={post.replyCount} label={post.replyCount === 1 ? 'reply' : 'replies'} />
          </Button>
          <Box sx={{ flex: 1 }} />
          <ItemActions kind="post" id={post.id} mine={mine} author={memberLabel(post.userId)} />
        </Stack>
        {threadOpen && <Thread id={threadId} postId={post.id} userId={userId} />}
      </CardContent>
    </Card>
  );
}
