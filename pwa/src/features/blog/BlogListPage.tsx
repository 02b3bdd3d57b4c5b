import { BLOG_FILTER_CATEGORIES, type BlogPost } from '@coach/contracts';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import ScheduleIcon from '@mui/icons-material/Schedule';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  CircularProgress,
  Grid,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, Suspense, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../../shared/api/auth.ts';
import { apiRequest } from '../../shared/api/client.ts';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { notify } from '../../shared/notices/store.ts';
import { LastUpdated } from '../../shared/pwa/LastUpdated.tsx';
import { isNetworkError } from '../../shared/pwa/submit.ts';
import { LongDate } from '../../shared/ui/LongDate.tsx';
import { PageHero, Section } from '../../shared/ui/Section.tsx';
import { DEFAULT_POST_IMAGE } from './format.ts';
import { NewsletterSection } from './NewsletterSection.tsx';
import { PostImage } from './PostImage.tsx';

export const BLOG_POSTS_KEY = ['/api/blog/posts'] as const;
const ALL = 'All Posts';
const FILTERS = [ALL, ...BLOG_FILTER_CATEGORIES] as const;
/** Skeleton cards shown while the posts load. */
export const SKELETON_CARDS = 6;

const PostCard = memo(function PostCard({ post, first }: { post: BlogPost; first: boolean }) {
  return (
    <Card
      component="article"
      sx={{ height: '100%', transition: 'transform 240ms', '&:hover': { transform: 'translateY(-4px)' } }}
    >
      <CardActionArea
        component={RouterLink}
        to={`/blog/${post.slug}`}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <PostImage
          src={post.imageUrl}
          fallback={DEFAULT_POST_IMAGE}
          alt=""
          eager={first}
          sx={{ aspectRatio: '2 / 1', height: 'auto' }}
        />
        <CardContent sx={{ p: 3, flex: 1, display: 'flex', flexDirection: 'column' }}>
          <Stack direction="row" spacing={1} sx={{ mb: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
            <Chip label={post.category} size="small" sx={{ bgcolor: '#EFE4F3', color: 'primary.dark' }} />
            {post.isGenerated && (
              <Chip icon={<AutoAwesomeIcon />} label="AI Generated" size="small" variant="outlined" />
            )}
          </Stack>
          <Typography variant="h5" component="h2" sx={{ color: 'primary.dark', fontSize: '1.5rem', lineHeight: 1.25 }}>
            {post.title}
          </Typography>
          <Typography
            color="text.secondary"
            sx={{
              mt: 1,
              flex: 1,
              display: '-webkit-box',
              WebkitLineClamp: 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {post.excerpt}
          </Typography>
          <Stack direction="row" spacing={2} sx={{ mt: 2, color: 'text.secondary', fontSize: '0.875rem' }}>
            <span>
              <LongDate value={post.createdAt} />
            </span>
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <ScheduleIcon sx={{ fontSize: 16 }} aria-hidden />
              {post.readTime} min read
            </Box>
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
});

function SkeletonCard() {
  return (
    <Card data-testid="post-skeleton" aria-hidden sx={{ height: '100%' }}>
      <Skeleton variant="rectangular" sx={{ aspectRatio: '2 / 1', height: 'auto' }} />
      <CardContent sx={{ p: 3 }}>
        <Skeleton width="35%" height={28} />
        <Skeleton width="90%" height={36} />
        <Skeleton width="100%" />
        <Skeleton width="80%" />
      </CardContent>
    </Card>
  );
}

function GenerateButton() {
  const queryClient = useQueryClient();
  const generate = useMutation({
    mutationFn: () => apiRequest('POST', '/api/blog/generate-daily', {}),
    onSuccess: async () => {
      notify({
        title: 'Daily post generated!',
        description: 'A new spiritual insight has been created and published.',
      });
      await queryClient.invalidateQueries({ queryKey: BLOG_POSTS_KEY });
    },
    onError: (error) => {
      console.error('Daily post generation failed', error);
      notify({
        title: 'Generation failed',
        description: 'Unable to generate new content. Please try again.',
        variant: 'destructive',
      });
    },
  });
  return (
    <Button
      variant="contained"
      color="secondary"
      onClick={() => generate.mutate()}
      disabled={generate.isPending}
      startIcon={generate.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <AutoAwesomeIcon />}
    >
      {generate.isPending ? 'Generating...' : 'Generate Daily Post (Admin)'}
    </Button>
  );
}

/** Shown to the admin only; its own component, so the page does not re-render when the session is known. */
function AdminActions() {
  const { isAdmin } = useAuth();
  return isAdmin ? <GenerateButton /> : null;
}

const CategoryFilter = memo(function CategoryFilter({
  category,
  onChange,
}: {
  category: string;
  onChange: (category: string) => void;
}) {
  return (
    <Box
      role="group"
      aria-label="Filter posts by category"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'center', mb: 5 }}
    >
      {FILTERS.map((f) => (
        <Button
          key={f}
          variant={f === category ? 'contained' : 'outlined'}
          aria-pressed={f === category}
          onClick={() => onChange(f)}
          size="small"
          sx={{ minHeight: 40 }}
        >
          {f}
        </Button>
      ))}
    </Box>
  );
});

const PostGrid = memo(function PostGrid({ posts }: { posts: BlogPost[] }) {
  return (
    <Grid container spacing={3}>
      {posts.map((post, i) => (
        <Grid key={post.id} size={{ xs: 12, sm: 6, lg: 4 }}>
          {/* A card at a time: a page rendered with its posts hydrates in short tasks. */}
          <Suspense>
            <PostCard post={post} first={i === 0} />
          </Suspense>
        </Grid>
      ))}
    </Grid>
  );
});

/**
 * The filters and the cards. The query's updates (the cache restored, a refetch) re-render this
 * part only, and the memoised grid only when the visible posts themselves change.
 */
function BlogPosts() {
  const [category, setCategory] = useState<string>(ALL);
  const posts = useQuery<BlogPost[]>({ queryKey: BLOG_POSTS_KEY, retry: false });
  const visible = useMemo(
    () => (posts.data ?? []).filter((p) => category === ALL || p.category === category),
    [posts.data, category],
  );

  return (
    <>
      <CategoryFilter category={category} onChange={setCategory} />
      <LastUpdated at={posts.dataUpdatedAt} />
      {posts.isPending ? (
        <Grid container spacing={3} aria-busy="true" aria-label="Loading posts">
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, lg: 4 }}>
              <SkeletonCard />
            </Grid>
          ))}
        </Grid>
      ) : !posts.data && isNetworkError(posts.error) ? (
        <Alert severity="info" sx={{ maxWidth: 560, mx: 'auto' }}>
          You are offline — the blog has not been saved for offline reading yet.
        </Alert>
      ) : !posts.data ? (
        <Alert severity="error" sx={{ maxWidth: 560, mx: 'auto' }}>
          Unable to load blog posts. Please try again later.
        </Alert>
      ) : visible.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 6 }}>
          <Typography sx={{ fontSize: '1.15rem', mb: 3 }}>No posts found in this category.</Typography>
          <Button variant="contained" onClick={() => setCategory(ALL)}>
            View All Posts
          </Button>
        </Box>
      ) : (
        <PostGrid posts={visible} />
      )}
    </>
  );
}

export default function BlogListPage() {
  usePageTitle('Spiritual Insights Blog');
  return (
    <>
      <PageHero
        overline="The blog"
        title="Spiritual Insights"
        lead="Reflections, practices and gentle wisdom for every step of your journey."
      >
        <AdminActions />
      </PageHero>
      <Section sx={{ pt: { xs: 4, md: 6 } }}>
        <BlogPosts />
        <NewsletterSection />
      </Section>
    </>
  );
}
