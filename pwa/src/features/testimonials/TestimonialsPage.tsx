import StarIcon from '@mui/icons-material/Star';
import VideocamIcon from '@mui/icons-material/Videocam';
import { Avatar, Box, Button, Card, CardContent, Grid, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { BookingButton } from '../bookings/index.ts';
import { ClosingCta, PageHero, Section, SectionHeading } from '../../shared/ui/Section.tsx';
import { TESTIMONIALS } from './testimonials.ts';

const STATS = [
  { value: '500+', label: 'Lives transformed' },
  { value: '98%', label: 'Client satisfaction' },
  { value: '15+', label: 'Years of experience' },
  { value: '100%', label: 'Commitment to every client' },
] as const;

const AVATAR_COLOURS = ['#4E2F5E', '#A8501A', '#5F7F63', '#1F3A5F', '#5A1E3C', '#7A3B1C'];

export default function TestimonialsPage() {
  usePageTitle('Client Stories');
  return (
    <>
      <PageHero
        overline="Testimonials"
        title="Client Stories"
        lead="Real journeys of healing, awakening and purpose, shared with gratitude by the people who walked them."
      />

      <Section aria-label="Testimonials" sx={{ pt: { xs: 4, md: 6 } }}>
        <Grid container spacing={3}>
          {TESTIMONIALS.map((t, i) => (
            <Grid key={t.name} size={{ xs: 12, md: 6, lg: 4 }}>
              <Card component="figure" sx={{ m: 0, height: '100%' }}>
                <CardContent sx={{ p: 3.5 }}>
                  <Box
                    role="img"
                    aria-label={`${t.rating} out of 5 stars`}
                    sx={{ display: 'flex', color: '#8A5A00', mb: 2 }}
                  >
                    {Array.from({ length: t.rating }, (_, s) => (
                      <StarIcon key={s} fontSize="small" aria-hidden />
                    ))}
                  </Box>
                  <Typography component="blockquote" sx={{ m: 0, color: 'text.primary' }}>
                    “{t.content}”
                  </Typography>
                  <Box component="figcaption" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 3 }}>
                    <Avatar aria-hidden sx={{ bgcolor: AVATAR_COLOURS[i % AVATAR_COLOURS.length], fontWeight: 700 }}>
                      {t.name.charAt(0)}
                    </Avatar>
                    <Box>
                      <Typography sx={{ fontWeight: 700, lineHeight: 1.3 }}>{t.name}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {t.role}
                      </Typography>
                    </Box>
                  </Box>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Section>

      <Section tone="sand" aria-labelledby="video-title" maxWidth="md">
        <SectionHeading id="video-title" overline="Watch" title="Video Testimonials" />
        <Box
          sx={{
            aspectRatio: '16 / 9',
            borderRadius: 5,
            display: 'grid',
            placeItems: 'center',
            textAlign: 'center',
            p: 3,
            background: 'linear-gradient(135deg, #4E2F5E 0%, #2F1B3A 100%)',
            color: '#fff',
          }}
        >
          <Box>
            <VideocamIcon sx={{ fontSize: 56, opacity: 0.9 }} aria-hidden />
            <Typography sx={{ mt: 1, fontSize: '1.3rem' }}>Video testimonials coming soon</Typography>
            <Button component={RouterLink} to="/contact" variant="contained" color="secondary" sx={{ mt: 3 }}>
              Share Your Story
            </Button>
          </Box>
        </Box>
      </Section>

      <Section aria-label="Results in numbers">
        <Grid container spacing={3}>
          {STATS.map((s) => (
            <Grid key={s.label} size={{ xs: 6, md: 3 }}>
              <Box sx={{ textAlign: 'center', p: { xs: 2, md: 4 } }}>
                <Typography
                  sx={{
                    fontFamily: (t) => t.typography.h1.fontFamily,
                    fontSize: { xs: '2.6rem', md: '3.4rem' },
                    fontWeight: 700,
                    color: 'secondary.main',
                    lineHeight: 1,
                  }}
                >
                  {s.value}
                </Typography>
                <Typography sx={{ mt: 1, fontWeight: 600, color: 'primary.dark' }}>{s.label}</Typography>
              </Box>
            </Grid>
          ))}
        </Grid>
      </Section>

      <ClosingCta
        title="Your story could be next"
        lead="Every transformation on this page began with a single conversation. Yours can begin with a free 30-minute clarity call."
      >
        <BookingButton size="large" data-whisper-hover="coaching" />
      </ClosingCta>
    </>
  );
}
