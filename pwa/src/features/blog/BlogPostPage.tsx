import type { BlogPost, BlogPostPage as PostAnswer } from '@coach/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import ScheduleIcon from '@mui/icons-material/Schedule';
import ShareIcon from '@mui/icons-material/Share';
import { Box, Button, Chip, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { blogPostingStructuredData } from '../../shared/head/pageHead.ts';
import { ApiRequestError } from '../../shared/api/client.ts';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { notify } from '../../shared/notices/store.ts';
import { LastUpdated } from '../../shared/pwa/LastUpdated.tsx';
import { isNetworkError } from '../../shared/pwa/submit.ts';
import { BookingButton } from '../bookings/index.ts';
import { LongDate } from '../../shared/ui/LongDate.tsx';
import { listedPost } from './blogList.ts';
import { fallbackImageFor } from './format.ts';
import { OfflinePostNotSaved } from './OfflineNotSaved.tsx';
import { PostBody } from './PostBody.tsx';
import { PostImage } from './PostImage.tsx';
import { NotifyMe } from '../push/index.ts';

/** One post's query; the gateway renders /blog/:slug with its answer (src/prerender). */
export const blogPostKey = (slug: string) => ['/api/blog', slug] as const;

/** A post as its page shows it: its own answer, or offline, the list's (without its page's metadata). */
type ShownPost = BlogPost & Partial<Pick<PostAnswer, 'metaTitle' | 'metaDescription' | 'updatedAt'>>;

async function copyLink(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    notify({ title: 'Link copied', description: 'The link to this post is on your clipboard.' });
  } catch (error) {
    console.error('Copying the link failed', error);
  }
}

/** Native share when the device has it, otherwise (or when it fails) copy the URL. */
async function sharePost(post: BlogPost) {
  const url = window.location.href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: post.title, text: post.excerpt, url });
      return;
    } catch {
      // fall through to copying the link
    }
  }
  await copyLink(url);
}

function BackToBlog() {
  return (
    <Button component={RouterLink} to="/blog" startIcon={<ArrowBackIcon />}>
      Back to Blog
    </Button>
  );
}

export default function BlogPostPage() {
  const { slug } = useParams();
  const queryClient = useQueryClient();
  const post = useQuery<PostAnswer>({ queryKey: blogPostKey(slug ?? ''), enabled: Boolean(slug), retry: false });
  // Cached data wins over a failed refresh, unless the server says the post is gone; without
  // any, an offline miss is not a 'Not Found': a post seen on a page of the list opens from it,
  // one never listed nor opened is not saved.
  const removed = post.error instanceof ApiRequestError && post.error.status === 404;
  const offline = post.isError && !post.data && isNetworkError(post.error);
  const listed = offline && slug ? listedPost(queryClient, slug) : undefined;
  const found: ShownPost | undefined = removed ? undefined : (post.data ?? listed?.post);
  const offlineMiss = offline && !listed;
  usePageTitle(
    found
      ? found.metaTitle || found.title
      : offlineMiss
        ? 'You are offline'
        : post.isError
          ? 'Post Not Found'
          : undefined,
    found
      ? {
          description: found.metaDescription || found.excerpt,
          image: found.imageUrl,
          type: 'article',
          structuredData: [blogPostingStructuredData(found)],
        }
      : { noindex: true },
  );

  if (post.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
        <CircularProgress aria-label="Loading post" />
      </Box>
    );
  }

  if (offlineMiss) return <OfflinePostNotSaved />;

  if (!found) {
    return (
      <Container maxWidth="sm" sx={{ py: { xs: 10, md: 14 }, textAlign: 'center' }}>
        <Typography variant="h2" component="h1" sx={{ color: 'primary.dark' }} gutterBottom>
          Post Not Found
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          The blog post you're looking for doesn't exist or has been moved.
        </Typography>
        <BackToBlog />
      </Container>
    );
  }

  const p = found;
  return (
    <Box component="article" aria-labelledby="post-title">
      <Container maxWidth="md" sx={{ pt: { xs: 3, md: 5 } }}>
        <BackToBlog />
        <LastUpdated at={listed?.readAt ?? post.dataUpdatedAt} />
        <PostImage
          src={p.imageUrl}
          fallback={fallbackImageFor(p.category)}
          alt={`Illustration for “${p.title}”`}
          eager
          sx={{ mt: 2, borderRadius: 5, aspectRatio: '2 / 1', height: 'auto' }}
        />
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ mt: 4, alignItems: 'center', flexWrap: 'wrap', rowGap: 1, color: 'text.secondary' }}
        >
          <Chip label={p.category} size="small" sx={{ bgcolor: '#EFE4F3', color: 'primary.dark' }} />
          <Typography component="time" dateTime={p.publishedAt} variant="body2">
            <LongDate value={p.publishedAt} />
          </Typography>
          <Typography variant="body2" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <ScheduleIcon sx={{ fontSize: 16 }} aria-hidden />
            {p.readTime} min read
          </Typography>
          {p.isGenerated && <Chip icon={<AutoAwesomeIcon />} label="AI Generated" size="small" variant="outlined" />}
        </Stack>
        <Typography
          id="post-title"
          variant="h1"
          sx={{ mt: 2, color: 'primary.dark', fontSize: 'clamp(2.2rem, 5vw, 3.4rem)' }}
        >
          {p.title}
        </Typography>
        <Typography variant="subtitle1" component="p" sx={{ mt: 2, color: 'text.secondary', fontSize: '1.2rem' }}>
          {p.excerpt}
        </Typography>
        <Button variant="outlined" startIcon={<ShareIcon />} onClick={() => void sharePost(p)} sx={{ mt: 3 }}>
          Share
        </Button>
        <Box sx={{ mt: 5 }}>
          <PostBody content={p.content} />
        </Box>
        {p.tags.length > 0 && (
          <Stack direction="row" spacing={1} sx={{ mt: 4, flexWrap: 'wrap', rowGap: 1 }} aria-label="Tags">
            {p.tags.map((tag) => (
              <Chip key={tag} label={`#${tag}`} variant="outlined" size="small" />
            ))}
          </Stack>
        )}
        {/* Offered once the post is read (on a phone's first screen it would sit under "Ask the coach"). */}
        <NotifyMe kinds={['posts']} label="Notify me of new posts" sx={{ mt: 4 }} />
      </Container>
      <Container maxWidth="md" sx={{ py: { xs: 6, md: 9 } }}>
        <Box sx={{ borderRadius: 6, p: { xs: 3.5, md: 6 }, textAlign: 'center', bgcolor: '#F3E7D7' }}>
          <Typography variant="h3" component="h2" sx={{ color: 'primary.dark' }}>
            Ready to go deeper?
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1.5, mb: 3 }}>
            Explore these insights in a personal session, or keep reading.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
            <BookingButton size="large">Book a Session</BookingButton>
            <Button component={RouterLink} to="/blog" size="large" variant="outlined">
              Read More Posts
            </Button>
          </Stack>
        </Box>
      </Container>
    </Box>
  );
}
