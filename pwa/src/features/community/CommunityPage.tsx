import type { CommunityPost, CommunityPostInput, CommunityStats, CurrentUser } from '@coach/contracts';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import { Box, Button, Card, CardContent, Container, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type RefObject,
} from 'react';
import { ApiRequestError, postJson } from '../../shared/api/client.ts';
import { useListPages } from '../../shared/api/listPages.ts';
import { FormNoticeAlert } from '../../shared/forms/AuthForm.tsx';
import { useOutcomeNotice } from '../../shared/forms/formOutcome.ts';
import { useArrivalNotice } from '../../shared/forms/useArrivalNotice.ts';
import { typedBeforeHydration } from '../../shared/forms/useFormFields.ts';
import { useHydrated } from '../../shared/hooks/useHydrated.ts';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { notify } from '../../shared/notices/store.ts';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { MorePosts } from '../../shared/ui/MorePosts.tsx';
import { palette } from '../../shared/palette.ts';
import { quoteSx } from '../../shared/theme.ts';
import { AuthGate, SIGNED_IN } from '../account/index.ts';
import { PROFILE_KEY } from '../profile/index.ts';
import { PostCard } from './PostCard.tsx';
import { ReflectionPrompt } from './ReflectionPrompt.tsx';
import { FEED_URL, POST_MAX_LENGTH, POSTS_KEY, refreshFeed, STATS_KEY, WEEKLY_PROMPT_KEY } from './queries.ts';
import { NotifyMe } from '../push/index.ts';
import { TextField } from '../../shared/ui/TextField.tsx';

/** Sacred Circle (/community), members only. */
export default function CommunityPage() {
  usePageTitle('Sacred Circle');
  // Signed in by the page's HTML (before or without the app): welcomed here.
  useArrivalNotice('/login', SIGNED_IN);
  return (
    <AuthGate
      notice="Please log in to access the Sacred Circle community"
      title="Enter the Sacred Circle"
      lead="The Sacred Circle is a members-only space to share, reflect and grow together. Sign in, or create a free account to join the conversation."
    >
      {(user) => <Circle user={user} />}
    </AuthGate>
  );
}

/**
 * The circle of a signed-in member. The gateway sends it rendered (MEMBER_PAGE_READS): its
 * Suspense boundaries let it hydrate part by part, in short tasks, rather than all in one.
 */
function Circle({ user }: { user: CurrentUser }) {
  const stats = useQuery<CommunityStats>({ queryKey: STATS_KEY });
  const weekly = useQuery<{ prompt: string }>({ queryKey: WEEKLY_PROMPT_KEY });
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const [reflecting, setReflecting] = useState(false);

  const firstName = (user.name || user.username).split(/\s+/)[0];

  const startReflection = () => {
    setReflecting(true);
    composerRef.current?.closest('section')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    composerRef.current?.focus({ preventScroll: true });
  };

  return (
    <>
      <Box
        component="section"
        aria-labelledby="circle-welcome"
        sx={{
          py: { xs: 6, md: 9 },
          color: '#fff',
          background:
            'radial-gradient(800px 320px at 85% 0%, rgba(233,162,95,0.42), transparent 70%), linear-gradient(135deg, #4E2F5E 0%, #2F1B3A 100%)',
        }}
      >
        <Suspense>
          <Container maxWidth="lg">
            <Typography variant="overline" component="p" sx={{ color: palette.saffronLight }}>
              Sacred Circle
            </Typography>
            <Typography id="circle-welcome" variant="h1" sx={{ color: '#fff' }}>
              Welcome to the circle, {firstName}
            </Typography>
            <Typography variant="subtitle1" component="p" sx={{ mt: 2, maxWidth: 640, color: alpha('#FFFFFF', 0.88) }}>
              A gentle space to share, reflect and grow together. Speak from the heart, listen with love, and know that
              you are never walking alone.
            </Typography>
          </Container>
        </Suspense>
      </Box>

      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 7 } }}>
        <Grid container spacing={{ xs: 3, md: 4 }}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Stack spacing={3} sx={{ position: { md: 'sticky' }, top: { md: 100 } }}>
              <Suspense>
                <Card component="section" aria-labelledby="circle-stats">
                  <CardContent sx={{ p: 3 }}>
                    <Typography id="circle-stats" variant="h5" component="h2" sx={{ color: 'primary.dark', mb: 2 }}>
                      Circle at a Glance
                    </Typography>
                    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2, m: 0 }}>
                      <Stat label="Total Posts" value={stats.data?.totalPosts} />
                      <Stat label="Your Posts" value={stats.data?.yourPosts} />
                    </Box>
                  </CardContent>
                </Card>
              </Suspense>

              <Suspense>
                <Card component="section" aria-labelledby="weekly-reflection" sx={{ bgcolor: palette.sand }}>
                  <CardContent sx={{ p: 3 }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, color: 'secondary.dark' }}>
                      <AutoAwesomeIcon aria-hidden />
                      <Typography id="weekly-reflection" variant="h5" component="h2" sx={{ color: 'primary.dark' }}>
                        Weekly Reflection
                      </Typography>
                    </Stack>
                    {weekly.isPending ? (
                      <Skeleton variant="text" sx={{ fontSize: '1.4rem' }} aria-label="Loading this week's prompt" />
                    ) : (
                      <Typography sx={{ ...quoteSx, fontSize: '1.45rem', lineHeight: 1.35 }}>
                        {weekly.data?.prompt ?? 'This week’s prompt is resting. Share whatever is alive in you.'}
                      </Typography>
                    )}
                    <Button
                      variant="contained"
                      color="secondary"
                      sx={{ mt: 2.5 }}
                      fullWidth
                      onClick={startReflection}
                      disabled={!weekly.data?.prompt}
                    >
                      Reflect &amp; Share
                    </Button>
                    <NotifyMe kinds={['replies', 'reflection']} label="Notify me of replies and reflections" />
                  </CardContent>
                </Card>
              </Suspense>
            </Stack>
          </Grid>

          <Grid size={{ xs: 12, md: 8 }}>
            <Composer
              inputRef={composerRef}
              prompt={reflecting ? weekly.data?.prompt : undefined}
              onCancelReflection={() => setReflecting(false)}
              onShared={() => setReflecting(false)}
            />
            <Typography variant="h3" component="h2" sx={{ color: 'primary.dark', mt: 5, mb: 2.5 }}>
              Circle Feed
            </Typography>
            <Feed userId={user.id} />
          </Grid>
        </Grid>
      </Container>
    </>
  );
}

function Stat({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Box sx={{ p: 2, borderRadius: 3, bgcolor: alpha(palette.plum, 0.06), textAlign: 'center' }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{
          m: 0,
          fontFamily: (t) => t.typography.h1.fontFamily,
          fontSize: '2.4rem',
          fontWeight: 700,
          lineHeight: 1.1,
          color: 'secondary.main',
        }}
      >
        {value ?? '–'}
      </Typography>
    </Box>
  );
}

/**
 * Four lines, then as tall as the text (up to 60% of the screen), measured only when the text or
 * the window changes. MUI's own autosize measures a hidden copy after every render, and so lays
 * out the whole page while it is still hydrating (60-108 ms of a phone's CPU).
 */
function useGrowingWithText(box: RefObject<HTMLTextAreaElement | null>, text: string) {
  const fit = useCallback(() => {
    const element = box.current;
    if (!element) return;
    element.style.height = '';
    if (element.value && element.scrollHeight > element.clientHeight)
      element.style.height = `${Math.min(element.scrollHeight, window.innerHeight * 0.6)}px`;
  }, [box]);
  useLayoutEffect(() => fit(), [fit, text]);
  useEffect(() => {
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [fit]);
}

const SHARED = { title: 'Post Shared', description: 'Thank you for sharing your light with the circle.' };

/** What a member is told when her post was not shared: signed out, or another failure. */
const shareFailed = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 401
    ? {
        title: 'Session Expired',
        description: 'Please log in again to share your reflection',
        variant: 'destructive' as const,
      }
    : { title: 'Error', description: 'Failed to share your post. Please try again.', variant: 'destructive' as const };

/**
 * The composer: normal mode, or reflection mode with this week's prompt attached. Share is
 * disabled while the text is empty after trimming; a successful post resets both.
 */
function Composer({
  inputRef,
  prompt,
  onCancelReflection,
  onShared,
}: {
  inputRef: RefObject<HTMLTextAreaElement | null>;
  prompt: string | undefined;
  onCancelReflection: () => void;
  onShared: () => void;
}) {
  const queryClient = useQueryClient();
  // Posted by the page's HTML (before or without the app): refused, its text comes back.
  const { outcome, refused, notice, clearNotice } = useOutcomeNotice('/community', {
    accepted: SHARED,
    refused: shareFailed,
  });
  const [text, setText] = useState(() => (refused && outcome?.values.content) || '');
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  useGrowingWithText(inputRef, text);
  // What was typed before the app took the composer over is kept.
  useLayoutEffect(() => {
    const typed = typedBeforeHydration(formRef.current).content;
    if (typed !== undefined) setText(typed);
  }, []);

  const share = useMutation({
    mutationFn: (input: CommunityPostInput) => postJson<CommunityPost>('/api/community/posts', input),
    onSuccess: () => {
      setText('');
      onShared();
      notify(SHARED);
      void refreshFeed(queryClient);
      void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
    },
    onError: (error) => notify(shareFailed(error)),
  });

  const content = text.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    clearNotice();
    // What the field shows is what is sent, even typed the instant the app took it over.
    const sent = (typedBeforeHydration(formRef.current).content ?? text).trim();
    if (!sent || share.isPending) return;
    share.mutate(prompt ? { content: sent, prompt } : { content: sent });
  };

  return (
    <Card component="section" aria-labelledby="composer-title">
      <CardContent
        component="form"
        ref={formRef}
        method="post"
        action="/community"
        onSubmit={submit}
        // Usable while the page waits for the app (its root takes no taps until then).
        sx={{ p: { xs: 2.5, sm: 3 }, pointerEvents: 'auto' }}
      >
        {notice && (
          <Box sx={{ mb: 2 }}>
            <FormNoticeAlert notice={notice} />
          </Box>
        )}
        {prompt && <input type="hidden" name="prompt" value={prompt} />}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <ForumIcon color="primary" aria-hidden />
          <Typography id="composer-title" variant="h5" component="h2" sx={{ color: 'primary.dark' }}>
            {prompt ? 'Share Your Reflection' : 'Share with the Circle'}
          </Typography>
        </Stack>
        {prompt && <ReflectionPrompt prompt={prompt} />}
        <TextField
          label={prompt ? 'Your reflection' : 'Your message'}
          placeholder={prompt ? 'Let your answer unfold gently...' : 'What is on your heart today?'}
          multiline
          rows={4}
          name="content"
          value={text}
          onChange={(event) => setText(event.target.value)}
          inputRef={inputRef}
          helperText={`${text.length}/${POST_MAX_LENGTH}`}
          // Before the app runs, the browser itself keeps an empty post from being sent.
          slotProps={{ htmlInput: { maxLength: POST_MAX_LENGTH, required: true } }}
        />
        <Stack direction="row" spacing={1.5} sx={{ mt: 2, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          {prompt && (
            <Button
              variant="text"
              onClick={() => {
                setText('');
                onCancelReflection();
              }}
            >
              Cancel Reflection
            </Button>
          )}
          {/* Once the app runs, Share waits for text beyond spaces. */}
          <Button type="submit" variant="contained" disabled={hydrated && (!content || share.isPending)}>
            {share.isPending ? 'Sharing...' : 'Share'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The feed, newest first, a page at a time: "More posts" adds the next page below. */
function Feed({ userId }: { userId: string }) {
  const list = useListPages<CommunityPost>(POSTS_KEY, FEED_URL);
  const posts = useMemo(() => list.data?.pages.flatMap((page) => page.rows) ?? [], [list.data]);
  if (list.isPending) {
    return (
      <Stack spacing={2.5} role="status" aria-label="Loading posts">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={150} sx={{ borderRadius: 5 }} />
        ))}
      </Stack>
    );
  }
  if (!list.data) {
    return <LoadError what="the circle’s posts" onRetry={() => void list.refetch()} />;
  }
  if (posts.length === 0) {
    return (
      <Card sx={{ textAlign: 'center' }}>
        <CardContent sx={{ p: { xs: 4, sm: 6 } }}>
          <ForumIcon sx={{ fontSize: 48, color: 'secondary.main' }} aria-hidden />
          <Typography variant="h4" component="h3" sx={{ color: 'primary.dark', mt: 1 }}>
            Start the Conversation
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            The circle is quiet for now. Be the first to share a thought, a gratitude or a question.
          </Typography>
        </CardContent>
      </Card>
    );
  }
  return (
    <>
      <Stack component="ul" spacing={2.5} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Community posts">
        {posts.map((post) => (
          <li key={post.id}>
            <Suspense>
              <PostCard post={post} userId={userId} />
            </Suspense>
          </li>
        ))}
      </Stack>
      <MorePosts list={list} />
    </>
  );
}
