import type { AdminBlogPost, AdminUser, NewsletterSubscriber, SiteStats } from '@coach/contracts';
import ArticleIcon from '@mui/icons-material/ArticleOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailReadOutlined';
import PeopleIcon from '@mui/icons-material/PeopleAltOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { Box, Button, Card, CardContent, Container, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAuth, useLogout } from '../../shared/api/auth.ts';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { BigNumber } from '../../shared/ui/BigNumber.tsx';
import { PromptCard } from '../../shared/ui/PromptCard.tsx';
import { SectionTabs } from '../../shared/ui/SectionTabs.tsx';
import { PageFallback } from '../../shared/layout/Layout.tsx';
import { SITE_STATS_KEY } from '../stats/useSiteStats.ts';
import { BlogPostsTab } from './BlogPostsTab.tsx';
import { MessagesTab } from './MessagesTab.tsx';
import { NewsletterTab } from './NewsletterTab.tsx';
import { ADMIN_POSTS_KEY, SUBSCRIBERS_KEY, USERS_KEY } from './queries.ts';
import { UsersTab } from './UsersTab.tsx';

/** The admin dashboard (/admin/dashboard); its data loads only for an admin. */
export default function AdminDashboardPage() {
  usePageTitle('Admin Dashboard');
  const { user, isLoading, isAdmin } = useAuth();
  if (isLoading) return <PageFallback />;
  if (!user || !isAdmin) return <AccessRequired />;
  return <Dashboard name={user.name || user.username} />;
}

function AccessRequired() {
  return (
    <PromptCard
      icon={<LockIcon />}
      title="Admin access required"
      titleVariant="h3"
      lead="This area is for the site’s administrator. Please sign in with an admin account to continue."
    >
      <Button component={RouterLink} to="/admin/login" variant="contained" size="large">
        Go to Admin Login
      </Button>
    </PromptCard>
  );
}

const TABS = [
  { label: 'Users', panel: <UsersTab /> },
  { label: 'Blog Posts', panel: <BlogPostsTab /> },
  { label: 'Messages', panel: <MessagesTab /> },
  { label: 'Newsletter', panel: <NewsletterTab /> },
] as const;

function Dashboard({ name }: { name: string }) {
  const { logout, isPending } = useLogout();
  const users = useQuery<AdminUser[]>({ queryKey: USERS_KEY });
  const posts = useQuery<AdminBlogPost[]>({ queryKey: ADMIN_POSTS_KEY });
  const stats = useQuery<SiteStats>({ queryKey: SITE_STATS_KEY });
  const subscribers = useQuery<NewsletterSubscriber[]>({ queryKey: SUBSCRIBERS_KEY });

  return (
    <Box sx={{ pb: { xs: 6, md: 9 } }}>
      <Box
        component="header"
        sx={{ py: { xs: 4, md: 6 }, background: 'linear-gradient(180deg, #F8EEDF 0%, #FBF6EF 100%)' }}
      >
        <Container maxWidth="lg">
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
          >
            <Box>
              <Typography variant="overline" component="p" color="secondary.main">
                Admin
              </Typography>
              <Typography variant="h1" sx={{ color: 'primary.dark', fontSize: 'clamp(2.2rem, 5vw, 3.2rem)' }}>
                Admin Dashboard
              </Typography>
              <Typography sx={{ mt: 1, color: 'text.secondary' }}>
                Welcome back, {name}. Here is how your sacred space is doing.
              </Typography>
            </Box>
            <Button variant="outlined" onClick={logout} disabled={isPending}>
              Logout
            </Button>
          </Stack>
        </Container>
      </Box>

      <Container maxWidth="lg">
        <Grid container spacing={2.5} component="section" aria-label="Site counts" sx={{ mt: { xs: 3, md: 4 } }}>
          <CountCard icon={<PeopleIcon />} label="Total Users" value={users.data?.length} />
          <CountCard icon={<ArticleIcon />} label="Blog Posts" value={posts.data?.length} />
          <CountCard icon={<VisibilityIcon />} label="Site Visitors" value={stats.data?.visitorCount} />
          <CountCard icon={<MarkEmailReadIcon />} label="Newsletter Subscribers" value={subscribers.data?.length} />
        </Grid>

        <Box sx={{ mt: 5 }}>
          <SectionTabs label="Dashboard sections" tabs={TABS} />
        </Box>
      </Container>
    </Box>
  );
}

function CountCard({ icon, label, value }: { icon: ReactNode; label: string; value: number | undefined }) {
  return (
    <Grid size={{ xs: 6, md: 3 }}>
      <Card sx={{ height: '100%' }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'secondary.main', mb: 1 }}>
            <Box aria-hidden sx={{ display: 'flex' }}>
              {icon}
            </Box>
            <Typography variant="body2" sx={{ fontWeight: 700, color: 'text.secondary' }}>
              {label}
            </Typography>
          </Stack>
          <BigNumber>{value === undefined ? <Skeleton width={60} /> : value.toLocaleString('en-US')}</BigNumber>
        </CardContent>
      </Card>
    </Grid>
  );
}
