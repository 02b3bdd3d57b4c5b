import type { Milestone } from '@coach/contracts';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import FlagIcon from '@mui/icons-material/Flag';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import SelfImprovementIcon from '@mui/icons-material/SelfImprovement';
import SpaIcon from '@mui/icons-material/Spa';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatLongDate } from '../../shared/dates.ts';
import { JOURNEY_KEY } from './queries.ts';
import { QueryState } from '../../shared/ui/QueryState.tsx';

const ICONS: Record<Milestone['milestoneType'], ReactNode> = {
  signup: <FlagIcon />,
  first_post: <ForumIcon />,
  reflection: <AutoAwesomeIcon />,
  coaching_session: <SelfImprovementIcon />,
  level_up: <EmojiEventsIcon />,
  other: <SpaIcon />,
};

/** The member's milestones, newest first, on a vertical line. */
export function JourneyTimeline() {
  const journey = useQuery<Milestone[]>({ queryKey: JOURNEY_KEY });
  return (
    <QueryState
      query={journey}
      what="your journey"
      emptyTitle="Your journey is just beginning"
      emptyText="Share a post or a reflection in the Sacred Circle and your milestones will gather here."
    >
      {(milestones) => (
        <Box
          component="ol"
          aria-label="Journey timeline"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            position: 'relative',
            '&::before': {
              content: '""',
              position: 'absolute',
              left: 21,
              top: 8,
              bottom: 8,
              width: 2,
              bgcolor: 'divider',
            },
          }}
        >
          {milestones.map((m) => (
            <Box component="li" key={m.id} sx={{ display: 'flex', gap: 2, mb: 2.5, position: 'relative' }}>
              <Box
                sx={{
                  flex: '0 0 44px',
                  height: 44,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'primary.main',
                  color: '#fff',
                  zIndex: 1,
                }}
                aria-hidden
              >
                {ICONS[m.milestoneType]}
              </Box>
              <Card sx={{ flex: 1, minWidth: 0 }}>
                <CardContent sx={{ p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}>
                  <Typography component="h3" sx={{ fontWeight: 700, color: 'primary.dark' }}>
                    {m.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" component="time" dateTime={m.createdAt}>
                    {formatLongDate(m.createdAt)}
                  </Typography>
                  {m.description && <Typography sx={{ mt: 1 }}>{m.description}</Typography>}
                </CardContent>
              </Card>
            </Box>
          ))}
        </Box>
      )}
    </QueryState>
  );
}
