import type { SiteStats } from '@coach/contracts';
import ArticleIcon from '@mui/icons-material/ArticleOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import MailIcon from '@mui/icons-material/MailOutlined';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailReadOutlined';
import PeopleIcon from '@mui/icons-material/PeopleAltOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { Box, Button, Card, CardContent, Container, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useAuth } from '../../shared/api/auth.ts';
import { useArrivalNotice } from '../../shared/forms/useArrivalNotice.ts';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { BigNumber } from '../../shared/ui/BigNumber.tsx';
import { PromptCard } from '../../shared/ui/PromptCard.tsx';
import { PageFallback } from '../../shared/ui/PageFallback.tsx';
import { SITE_STATS_KEY } from '../stats/index.ts';
import { useListTotal } from './pagedList.tsx';
import { ADMIN_POSTS_KEY, MESSAGES_KEY, SUBSCRIBERS_KEY, UNREAD_HEADER, USERS_KEY } from './queries.ts';
import { chosenSection } from './sections.tsx';
import { TwoStepReminder } from '../two-step/index.ts';
import { ADMIN_SIGNED_IN } from './adminSignedIn.ts';

/** The admin dashboard (/admin/dashboard); its data loads only for an admin. */
export default function AdminDashboardPage() {
  usePageTitle('Admin Dashboard');
  // Signed in by the page's HTML (before or without the app): told so here.
  useArrivalNotice('/admin/login', ADMIN_SIGNED_IN);
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

function Dashboard({ name }: { name: string }) {
  const [search] = useSearchParams();
  const section = chosenSection(search);
  const users = useListTotal(USERS_KEY[0]);
  const posts = useListTotal(ADMIN_POSTS_KEY[0]);
  const stats = useQuery<SiteStats>({ queryKey: SITE_STATS_KEY });
  const subscribers = useListTotal(SUBSCRIBERS_KEY[0]);
  const unread = useListTotal(MESSAGES_KEY[0], UNREAD_HEADER);

  return (
    <Box sx={{ pb: { xs: 6, md: 9 } }}>
      <Box
        component="header"
        sx={{ py: { xs: 4, md: 6 }, background: 'linear-gradient(180deg, #F8EEDF 0%, #FBF6EF 100%)' }}
      >
        <Container maxWidth="lg">
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
        </Container>
      </Box>

      <Container maxWidth="lg">
        <TwoStepReminder />
        <Grid container spacing={2.5} component="section" aria-label="Site counts" sx={{ mt: { xs: 3, md: 4 } }}>
          <CountCard icon={<PeopleIcon />} label="Total Users" value={users.data} />
          <CountCard icon={<ArticleIcon />} label="Blog Posts" value={posts.data} />
          <CountCard icon={<VisibilityIcon />} label="Site Visitors" value={stats.data?.visitorCount} />
          <CountCard icon={<MarkEmailReadIcon />} label="Newsletter Subscribers" value={subscribers.data} />
          <CountCard icon={<MailIcon />} label="Unread Messages" value={unread.data} />
        </Grid>

        <Box component="section" aria-label={section.label} sx={{ mt: 5 }}>
          {section.panel}
        </Box>
      </Container>
    </Box>
  );
}

function CountCard({ icon, label, value }: { icon: ReactNode; label: string; value: number | undefined }) {
  return (
    <Grid size={{ xs: 6, sm: 4, md: 'grow' }}>
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
