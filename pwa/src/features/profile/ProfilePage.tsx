import type { CurrentUser, MemberSessions, Progress } from '@coach/contracts';
import { levelTitle } from '@coach/site-rules';
import AutoStoriesIcon from '@mui/icons-material/AutoStories';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import LocalFireDepartmentIcon from '@mui/icons-material/LocalFireDepartment';
import SelfImprovementIcon from '@mui/icons-material/SelfImprovement';
import {
  Avatar,
  Box,
  Card,
  CardContent,
  Chip,
  Container,
  Grid,
  LinearProgress,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MY_SESSIONS_KEY } from '../bookings/index.ts';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { BigNumber } from '../../shared/ui/BigNumber.tsx';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { SectionTabs } from '../../shared/ui/SectionTabs.tsx';
import { palette } from '../../shared/palette.ts';
import { AuthGate, SecuritySection } from '../account/index.ts';
import { formatLongDate } from '../../shared/dates.ts';
import { Achievements } from './Achievements.tsx';
import { levelProgressPercent } from './growth.ts';
import { JourneyTimeline } from './JourneyTimeline.tsx';
import { PurchaseHistory } from './PurchaseHistory.tsx';
import { usePurchaseClaim } from './usePurchaseClaim.ts';
import { useIsSignedIn } from '../../shared/api/auth.ts';
import { PROGRESS_KEY } from './queries.ts';
import { NotificationSettings } from '../push/index.ts';

/** The member's profile (/profile), members only. */
export default function ProfilePage() {
  usePageTitle('My Profile');
  usePurchaseClaim(useIsSignedIn());
  return (
    <AuthGate
      notice="Please log in to access your profile"
      title="Your Profile Awaits"
      lead="Sign in to see your spiritual growth level, your journey, your purchases and your achievements."
    >
      {(user) => <Profile user={user} />}
    </AuthGate>
  );
}

/** Under the sessions count: a paid package's sessions used ("3 of 8 sessions used") and the next session's date. */
function sessionsNote(sessions: MemberSessions | undefined): string | undefined {
  const lines = [
    sessions?.package && `${sessions.package.used} of ${sessions.package.included} sessions used`,
    sessions?.next && `Next: ${NEXT_SESSION_FORMAT.format(new Date(sessions.next.startTime))}`,
  ].filter(Boolean);
  return lines.length ? lines.join(' · ') : undefined;
}

function Profile({ user }: { user: CurrentUser }) {
  const progress = useQuery<Progress>({ queryKey: PROGRESS_KEY });
  const sessions = useQuery<MemberSessions>({ queryKey: MY_SESSIONS_KEY });
  const displayName = user.name || user.username;
  const level = progress.data?.spiritualLevel;

  return (
    <>
      <Box
        component="section"
        aria-labelledby="profile-name"
        sx={{
          py: { xs: 5, md: 8 },
          background:
            'radial-gradient(1000px 360px at 50% -10%, rgba(233,162,95,0.35), transparent 70%), linear-gradient(180deg, #F8EEDF 0%, #FBF6EF 100%)',
        }}
      >
        <Container maxWidth="lg">
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={3}
            sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}
          >
            <Avatar
              sx={{
                width: 88,
                height: 88,
                bgcolor: 'primary.main',
                fontSize: '2.4rem',
                fontFamily: (t) => t.typography.h1.fontFamily,
              }}
              aria-hidden
            >
              {displayName.charAt(0).toUpperCase()}
            </Avatar>
            <Box>
              <Typography variant="overline" component="p" color="secondary.main">
                My Profile
              </Typography>
              <Typography
                id="profile-name"
                variant="h1"
                sx={{ color: 'primary.dark', fontSize: 'clamp(2.2rem, 5vw, 3.4rem)' }}
              >
                {displayName}
              </Typography>
              <Stack direction="row" spacing={1.5} useFlexGap sx={{ mt: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
                {progress.isSuccess ? (
                  <Chip
                    label={levelTitle(progress.data.spiritualLevel)}
                    color="primary"
                    icon={<SelfImprovementIcon />}
                  />
                ) : (
                  <Skeleton variant="rounded" width={110} height={32} />
                )}
                <Typography color="text.secondary">
                  Member since{' '}
                  {progress.isSuccess
                    ? progress.data.memberSince
                      ? formatLongDate(progress.data.memberSince)
                      : 'Recently'
                    : '...'}
                </Typography>
              </Stack>
            </Box>
          </Stack>
        </Container>
      </Box>

      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
        {progress.isError ? (
          <LoadError what="your progress" onRetry={() => void progress.refetch()} />
        ) : (
          <>
            <Grid container spacing={2.5} component="section" aria-label="Your statistics">
              <StatCard icon={<AutoStoriesIcon />} label="Reflections" value={progress.data?.totalReflections} />
              <StatCard icon={<ForumIcon />} label="Community Posts" value={progress.data?.totalPosts} />
              <StatCard
                icon={<LocalFireDepartmentIcon />}
                label="Current Streak (days)"
                value={progress.data?.currentStreak}
              />
              <StatCard
                icon={<SelfImprovementIcon />}
                label="Coaching Sessions"
                value={progress.data?.totalCoachingSessions}
                note={sessionsNote(sessions.data)}
              />
            </Grid>
            <LevelCard level={level} />
          </>
        )}

        <Box sx={{ mt: 5 }}>
          <SectionTabs
            label="Profile sections"
            tabs={[
              { label: 'Journey Timeline', panel: <JourneyTimeline /> },
              { label: 'Purchase History', panel: <PurchaseHistory totalSpent={progress.data?.totalSpent} /> },
              { label: 'Achievements', panel: <Achievements progress={progress.data} /> },
              { label: 'Security', panel: <SecuritySection /> },
              { label: 'Notifications', panel: <NotificationSettings /> },
            ]}
          />
        </Box>
      </Container>
    </>
  );
}

/** A session's day and time, in the member's own time zone. */
const NEXT_SESSION_FORMAT = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

function StatCard({
  icon,
  label,
  value,
  note,
}: {
  icon: ReactNode;
  label: string;
  value: number | undefined;
  note?: string;
}) {
  return (
    <Grid size={{ xs: 6, md: 3 }}>
      <Card sx={{ height: '100%' }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 }, textAlign: 'center' }}>
          <Box sx={{ color: 'secondary.main', mb: 0.5 }} aria-hidden>
            {icon}
          </Box>
          <BigNumber>{value ?? <Skeleton width={40} sx={{ mx: 'auto' }} />}</BigNumber>
          <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600, color: 'text.secondary' }}>
            {label}
          </Typography>
          {note && (
            <Typography variant="caption" component="p" sx={{ mt: 0.5, color: 'text.secondary' }}>
              {note}
            </Typography>
          )}
        </CardContent>
      </Card>
    </Grid>
  );
}

function LevelCard({ level }: { level: number | undefined }) {
  const percent = level === undefined ? 0 : levelProgressPercent(level);
  return (
    <Card
      component="section"
      aria-labelledby="level-title"
      sx={{ mt: 3, color: '#fff', background: `linear-gradient(135deg, ${palette.plum} 0%, ${palette.plumDeep} 100%)` }}
    >
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography id="level-title" variant="h4" component="h2" sx={{ color: '#fff' }}>
          Spiritual Growth Level
        </Typography>
        {level === undefined ? (
          <Skeleton sx={{ bgcolor: alpha('#FFFFFF', 0.2), mt: 1 }} width={220} />
        ) : (
          <>
            <Typography sx={{ mt: 1, fontSize: '1.15rem', color: palette.saffronLight, fontWeight: 700 }}>
              Level {level} · {levelTitle(level)}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={percent}
              aria-label="Progress to the next level"
              sx={{
                mt: 2,
                height: 12,
                borderRadius: 6,
                bgcolor: alpha('#FFFFFF', 0.18),
                '& .MuiLinearProgress-bar': { borderRadius: 6, bgcolor: palette.saffronLight },
              }}
            />
            <Typography variant="body2" sx={{ mt: 1, color: alpha('#FFFFFF', 0.88) }}>
              {percent}% of the way to your next level. Every post, reflection and session helps you grow.
            </Typography>
          </>
        )}
      </CardContent>
    </Card>
  );
}
