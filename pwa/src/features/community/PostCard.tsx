import type { CommunityPost } from '@coach/contracts';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import SpaIcon from '@mui/icons-material/Spa';
import { Avatar, Box, Button, Card, CardContent, Chip, Stack, Tooltip, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { palette } from '../../shared/theme.ts';
import { formatLongDate } from '../../shared/dates.ts';
import { ReflectionPrompt } from './ReflectionPrompt.tsx';

/**
 * Like and Reply are not open yet and do nothing: focusable, announced as unavailable, and a
 * tooltip says so.
 */
function InertAction({ label, icon }: { label: string; icon: ReactNode }) {
  return (
    <Tooltip title="Coming soon" describeChild>
      <Button
        size="small"
        startIcon={icon}
        aria-disabled="true"
        onClick={(event) => event.preventDefault()}
        sx={{
          color: 'text.secondary',
          minHeight: 40,
          px: 1.5,
          cursor: 'default',
          '&:hover': { bgcolor: 'transparent' },
        }}
      >
        {label}
      </Button>
    </Tooltip>
  );
}

/** One post of the feed: author, optional Weekly Reflection badge with its prompt, date, text. */
export function PostCard({ post, mine }: { post: CommunityPost; mine: boolean }) {
  const headingId = `post-${post.id}-author`;
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
                Community Member #{post.userId}
              </Typography>
              {mine && (
                <Chip size="small" label="You" sx={{ bgcolor: alpha(palette.plum, 0.1), color: 'primary.dark' }} />
              )}
            </Stack>
            <Typography variant="body2" color="text.secondary" component="time" dateTime={post.createdAt}>
              {formatLongDate(post.createdAt)}
            </Typography>
          </Box>
        </Stack>
        {post.prompt && <ReflectionPrompt prompt={post.prompt} />}
        <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{post.content}</Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 2, pt: 1.5, borderTop: '1px solid', borderColor: 'divider' }}>
          <InertAction label="Like" icon={<FavoriteBorderIcon />} />
          <InertAction label="Reply" icon={<ChatBubbleOutlineIcon />} />
        </Stack>
      </CardContent>
    </Card>
  );
}
