import { BLOG_FILTER_CATEGORIES, type BlogPostSummary } from '@coach/contracts';
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
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memo, Suspense, useEffect, useMemo } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../shared/api/auth.ts';
import { afterLoad } from '../../shared/hooks/useAfterLoad.ts';
import { ApiRequestError, apiRequest } from '../../shared/api/client.ts';
import { useListPages } from '../../shared/api/listPages.ts';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { notify } from '../../shared/notices/store.ts';
import { LastUpdated } from '../../shared/pwa/LastUpdated.tsx';
import { isNetworkError } from '../../shared/pwa/submit.ts';
import { formatMonth } from '../../shared/dates.ts';
import { LongDate } from '../../shared/ui/LongDate.tsx';
import { MorePosts } from '../../shared/ui/MorePosts.tsx';
import { SearchForm } from '../../shared/ui/SearchForm.tsx';
import { PageHero, Section } from '../../shared/ui/Section.tsx';
import {
  BLOG_POSTS_KEY,
  blogAddress,
  blogListKey,
  firstPageUrl,
  isWhole,
  nextBlogAddress,
  viewOf,
  type BlogListView,
  type ListedPost,
} from './blogList.ts';
import { DEFAULT_POST_IMAGE } from './format.ts';
import { NewsletterSection } from './NewsletterSection.tsx';
import { PostImage } from './PostImage.tsx';

const ALL = 'All Posts';
const FILTERS = [ALL, ...BLOG_FILTER_CATEGORIES] as const;
/** Skeleton cards shown while the posts load. */
export const SKELETON_CARDS = 6;

const PostCard = memo(function PostCard({ post, first }: { post: BlogPostSummary; first: boolean }) {
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
              <LongDate value={post.publishedAt} />
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
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'center', mb: 3 }}
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

/** The search box: a plain GET form too, so it works before (or without) the scripts. */
function SearchBox({ view, onSearch }: { view: BlogListView; onSearch: (q: string) => void }) {
  return (
    <SearchForm
      label="Search posts"
      value={view.q ?? ''}
      onSearch={onSearch}
      action="/blog"
      sx={{ justifyContent: 'center', mb: 5, maxWidth: 560, mx: 'auto' }}
    >
      {view.category && <input type="hidden" name="category" value={view.category} />}
    </SearchForm>
  );
}

const PostGrid = memo(function PostGrid({ posts }: { posts: BlogPostSummary[] }) {
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

/** What the list is narrowed to, with the way back to every post. */
function ViewNotes({ view }: { view: BlogListView }) {
  if (!view.month && !view.page) return null;
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'center', alignItems: 'center', mb: 3, flexWrap: 'wrap' }}>
      {view.month && (
        <Typography component="h2" variant="h5" sx={{ color: 'primary.dark' }}>
          Posts from {formatMonth(view.month)}
        </Typography>
      )}
      <Button component={RouterLink} to={blogAddress(view.month ? {} : { category: view.category, q: view.q })}>
        {view.month ? 'All posts' : 'Newest posts'}
      </Button>
    </Stack>
  );
}

/**
 * The filters, the search and the cards, a page at a time. The address says what is shown
 * (/blog?category=&q=&month=&page=), so every page has its own address; "More posts" links to the
 * next one, and with the scripts running adds its posts below instead. The query's updates re-render
 * this part only, and the memoised grid only when the posts shown change.
 */
function BlogPosts({ view }: { view: BlogListView }) {
  const navigate = useNavigate();
  const list = useListPages<ListedPost>(blogListKey(view), firstPageUrl(view));
  const posts = useMemo(() => list.data?.pages.flatMap((page) => page.rows) ?? [], [list.data]);
  // A page the gateway rendered holds its posts as cards: read whole once it has loaded, so every
  // post listed opens offline too. Not sooner: the new answer re-renders the cards being hydrated.
  // Again if "More posts" cancelled that read; not after a failed one (offline, it would loop).
  const { refetch, isFetching, isError } = list;
  const complete = !isFetching && !isError && posts.some((post) => !isWhole(post));
  useEffect(() => (complete ? afterLoad(() => void refetch()) : undefined), [complete, refetch]);
  const lastPage = list.data?.pages.at(-1);
  const more = lastPage ? nextBlogAddress(view, lastPage.next) : null;
  const show = (next: BlogListView) => void navigate(blogAddress(next));

  return (
    <>
      <CategoryFilter
        category={view.category ?? ALL}
        onChange={(category) =>
          show({ q: view.q, month: view.month, category: category === ALL ? undefined : category })
        }
      />
      <SearchBox view={view} onSearch={(q) => show({ category: view.category, q: q || undefined })} />
      <ViewNotes view={view} />
      <LastUpdated at={list.dataUpdatedAt} />
      {list.isPending ? (
        <Grid container spacing={3} aria-busy="true" aria-label="Loading posts">
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, lg: 4 }}>
              <SkeletonCard />
            </Grid>
          ))}
        </Grid>
      ) : !list.data && isNetworkError(list.error) ? (
        <Alert severity="info" sx={{ maxWidth: 560, mx: 'auto' }}>
          You are offline — the blog has not been saved for offline reading yet.
        </Alert>
      ) : !list.data && list.error instanceof ApiRequestError && list.error.status === 400 ? (
        <Box sx={{ textAlign: 'center', py: 6 }}>
          <Typography sx={{ fontSize: '1.15rem', mb: 3 }}>This page of posts is no longer available.</Typography>
          <Button variant="contained" component={RouterLink} to="/blog">
            View the newest posts
          </Button>
        </Box>
      ) : !list.data ? (
        <Alert severity="error" sx={{ maxWidth: 560, mx: 'auto' }}>
          Unable to load blog posts. Please try again later.
        </Alert>
      ) : posts.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 6 }}>
          <Typography sx={{ fontSize: '1.15rem', mb: 3 }}>
            {view.q ? `No posts found for “${view.q}”.` : 'No posts found in this category.'}
          </Typography>
          <Button variant="contained" onClick={() => show({})}>
            View All Posts
          </Button>
        </Box>
      ) : (
        <>
          <PostGrid posts={posts} />
          <MorePosts list={list} to={more ?? undefined} />
          <Box sx={{ textAlign: 'center', mt: 4 }}>
            <Button component={RouterLink} to="/blog/archive" variant="text">
              Browse the archive by month
            </Button>
          </Box>
        </>
      )}
    </>
  );
}

export default function BlogListPage() {
  const [search] = useSearchParams();
  const view = useMemo(() => viewOf(search), [search]);
  // Each filtered or later page of the list is a page of its own; a search's results are not indexed.
  usePageTitle('Spiritual Insights Blog', {
    description: 'Reflections, practices and gentle wisdom for every step of your journey.',
    address: blogAddress(view),
    noindex: Boolean(view.q),
  });
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
        <BlogPosts view={view} />
        <NewsletterSection />
      </Section>
    </>
  );
}
