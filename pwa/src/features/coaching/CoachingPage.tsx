import DownloadIcon from '@mui/icons-material/Download';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { Box, Button, Card, CardActions, CardContent, Chip, Grid, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { site } from '../../shared/config/site.ts';
import { coachStructuredData } from '../../shared/head/pageHead.ts';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { BookingButton } from '../bookings/index.ts';
import { EnrolButton } from '../checkout/index.ts';
import { PageHero, Section, SectionHeading } from '../../shared/ui/Section.tsx';
import { BookOrLearnMore } from './BookOrLearnMore.tsx';
import { PROGRAMS, type Program } from './programs.ts';

// The dialogs load when first opened: their forms, modal and transitions are no part of what the
// page needs before it takes taps. Once drawn they stay, for their closing transitions.
const ProgramDialog = lazy(() => import('./ProgramDialog.tsx').then((m) => ({ default: m.ProgramDialog })));
const GuideDialog = lazy(() => import('../guide/index.ts').then((m) => ({ default: m.GuideDialog })));

/** True from the first time `now` is, and from then on. */
function useOnceTrue(now: boolean): boolean {
  const [once, setOnce] = useState(now);
  if (now && !once) setOnce(true);
  return once || now;
}

export default function CoachingPage() {
  usePageTitle('Coaching Programs', {
    description: `Coaching programs with ${site.name}: one-to-one sessions, group journeys and retreats. Book a free clarity call.`,
    structuredData: coachStructuredData(),
  });
  const [selected, setSelected] = useState<Program | null>(null);
  const [guideOpen, setGuideOpen] = useState(false);
  const programShown = useOnceTrue(selected !== null);
  const guideShown = useOnceTrue(guideOpen);

  return (
    <>
      <PageHero
        overline="Coaching offerings"
        title="Transformational Coaching Programs"
        lead={`From a single clarifying session to six months of deep mentorship, each path with ${site.firstName} is designed to meet you exactly where you are.`}
      >
        <BookOrLearnMore />
      </PageHero>

      <Section data-whisper-section="coaching" aria-labelledby="programs-title" sx={{ pt: { xs: 5, md: 7 } }}>
        <SectionHeading
          id="programs-title"
          overline="Choose your path"
          title="Programs & Sessions"
          lead="Prices in Indian rupees."
        />
        <Grid container spacing={3}>
          {PROGRAMS.map((program) => (
            <Grid key={program.id} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Card
                component="article"
                aria-labelledby={`${program.id}-title`}
                sx={{
                  height: '100%',
                  display: 'flex',
                  flexDirection: 'column',
                  transition: 'transform 240ms',
                  '&:hover': { transform: 'translateY(-4px)' },
                }}
              >
                <Box sx={{ height: 8, background: 'linear-gradient(90deg, #4E2F5E, #E9A25F)' }} />
                <CardContent sx={{ p: 3.5, flex: 1 }}>
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 1 }}
                  >
                    <Chip label={program.category} size="small" sx={{ bgcolor: '#EFE4F3', color: 'primary.dark' }} />
                    <Chip icon={<ScheduleIcon />} label={program.structure.duration} size="small" variant="outlined" />
                  </Stack>
                  <Typography id={`${program.id}-title`} variant="h4" component="h3" sx={{ color: 'primary.dark' }}>
                    {program.title}
                  </Typography>
                  <Typography color="text.secondary" sx={{ mt: 1.5 }}>
                    {program.shortDescription}
                  </Typography>
                  <Typography sx={{ mt: 2.5, fontSize: '1.7rem', fontWeight: 700, color: 'secondary.main' }}>
                    {program.price}
                  </Typography>
                </CardContent>
                <CardActions sx={{ px: 3.5, pb: 3.5, pt: 0, gap: 1 }} disableSpacing>
                  <Button
                    fullWidth
                    variant="contained"
                    onClick={() => setSelected(program)}
                    data-whisper-hover="coaching"
                    aria-label={`Learn more about ${program.title}`}
                  >
                    Learn More
                  </Button>
                  <EnrolButton programId={program.id} fullWidth aria-label={`Enrol now in ${program.title}`} />
                </CardActions>
              </Card>
            </Grid>
          ))}
        </Grid>
        <Box sx={{ mt: 8, textAlign: 'center', p: { xs: 3, md: 6 }, borderRadius: 6, bgcolor: '#F3E7D7' }}>
          <Typography variant="h3" component="h2" sx={{ color: 'primary.dark' }}>
            Not sure which path is yours?
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1.5, mb: 3, maxWidth: 560, mx: 'auto' }}>
            Let’s explore it together in a free 30-minute consultation, or start with a free guide to daily spiritual
            practice.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
            <BookingButton size="large" data-whisper-hover="coaching">
              Schedule Free Consultation
            </BookingButton>
            <Button size="large" variant="outlined" startIcon={<DownloadIcon />} onClick={() => setGuideOpen(true)}>
              Download Free Guide
            </Button>
          </Stack>
        </Box>
      </Section>

      {programShown && (
        <Suspense fallback={null}>
          <ProgramDialog program={selected} onClose={() => setSelected(null)} />
        </Suspense>
      )}
      {guideShown && (
        <Suspense fallback={null}>
          <GuideDialog open={guideOpen} onClose={() => setGuideOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
