import FavoriteIcon from '@mui/icons-material/FavoriteBorder';
import PsychologyIcon from '@mui/icons-material/Psychology';
import SelfImprovementIcon from '@mui/icons-material/SelfImprovement';
import { Box, Container, Grid, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import landscapeUrl from '../../assets/landscape.svg';
import portraitUrl from '../../assets/portrait.svg';
import { site } from '../../shared/config/site.ts';
import { coachStructuredData } from '../../shared/head/pageHead.ts';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { palette } from '../../shared/palette.ts';
import { quoteSx } from '../../shared/theme.ts';
import { BookingButton } from '../bookings/index.ts';
import { IconCard } from '../../shared/ui/IconCard.tsx';
import { ClosingCta, Section, SectionHeading } from '../../shared/ui/Section.tsx';

const PHILOSOPHY = [
  {
    title: 'Inner Awareness',
    Icon: SelfImprovementIcon,
    text: 'Change begins with noticing. Together we slow down enough to hear what your body, heart and intuition are already saying.',
  },
  {
    title: 'Compassionate Healing',
    Icon: FavoriteIcon,
    text: 'No part of you is too much. We meet old pain with tenderness, so it can finally soften and release its hold.',
  },
  {
    title: 'Empowered Action',
    Icon: PsychologyIcon,
    text: 'Insight becomes transformation through aligned, doable steps that honour your values, energy and pace.',
  },
] as const;

const CREDENTIALS = [
  { value: '15+', label: 'Years of practice' },
  { value: '500+', label: 'Lives transformed' },
  { value: '100%', label: 'Commitment to your growth' },
] as const;

export default function AboutPage() {
  usePageTitle('About', {
    description: `About ${site.name}, ${site.tagline}: her story, her approach and the practice behind ${site.brand}.`,
    structuredData: coachStructuredData(),
  });
  return (
    <>
      <Box
        component="section"
        data-whisper-section="about"
        aria-labelledby="about-title"
        sx={{ py: { xs: 7, md: 11 }, background: 'linear-gradient(180deg, #F8EEDF 0%, #FBF6EF 100%)' }}
      >
        <Container maxWidth="lg">
          <Grid container spacing={{ xs: 5, md: 8 }} sx={{ alignItems: 'center' }}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Typography variant="overline" component="p" color="secondary.main">
                About {site.name}
              </Typography>
              <Typography id="about-title" variant="h1" sx={{ color: 'primary.dark' }}>
                My Journey to Awakening
              </Typography>
              <Typography variant="subtitle1" component="p" sx={{ mt: 3, color: 'text.secondary' }}>
                I once had the career, the calendar and the smile, and still felt lost. My awakening did not arrive as
                lightning; it came as a quiet, persistent whisper that I finally chose to follow.
              </Typography>
              <Box component="blockquote" sx={{ m: 0, mt: 4, pl: 3, borderLeft: `4px solid ${palette.gold}` }}>
                <Typography sx={{ ...quoteSx, fontSize: '1.6rem', lineHeight: 1.35 }}>
                  “You don’t need to become someone new. You need to come home to who you have always been.”
                </Typography>
                <Typography sx={{ mt: 1, fontWeight: 600, color: 'text.secondary' }}>{site.name}</Typography>
              </Box>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Box
                component="img"
                src={portraitUrl}
                alt={`Illustrated portrait of ${site.name} in meditation, surrounded by a soft golden halo`}
                width={600}
                height={760}
                sx={{
                  width: '100%',
                  maxWidth: 460,
                  height: 'auto',
                  display: 'block',
                  mx: 'auto',
                  borderRadius: '240px 240px 28px 28px',
                  boxShadow: `0 30px 60px -30px ${alpha(palette.plumDeep, 0.6)}`,
                }}
              />
            </Grid>
          </Grid>
        </Container>
      </Box>

      <Section aria-labelledby="story-title" maxWidth="md">
        <SectionHeading id="story-title" overline="My story" title="A Path of Transformation" />
        <Box sx={{ display: 'grid', gap: 2.5, color: 'text.secondary', fontSize: '1.05rem' }}>
          <Typography>
            For years I lived by other people’s maps. Burnout, a painful loss and a long season of anxiety finally
            stopped me in my tracks. In that stillness I began to meditate, to journal, to sit with teachers and
            healers, and slowly to listen to my own inner voice.
          </Typography>
          <Typography>
            What I found changed everything: the peace I was searching for was never outside me. It was waiting beneath
            the noise. Training in mindfulness, energy work and transformational coaching gave me the tools; my own
            healing gave me the heart to use them.
          </Typography>
          <Typography>
            Today I guide seekers from all walks of life, professionals, parents, healers and creatives, through their
            own awakening, with warmth, practical wisdom and deep respect for each person’s path.
          </Typography>
        </Box>
      </Section>

      <Section tone="sand" aria-labelledby="philosophy-title">
        <SectionHeading id="philosophy-title" overline="How I work" title="My Coaching Philosophy" />
        <Grid container spacing={3}>
          {PHILOSOPHY.map(({ title, Icon, text }) => (
            <Grid key={title} size={{ xs: 12, md: 4 }}>
              <IconCard Icon={Icon} title={title} text={text} iconColors={{ bgcolor: 'primary.main', color: '#fff' }} />
            </Grid>
          ))}
        </Grid>
      </Section>

      <Box component="section" aria-label="A quiet landscape" sx={{ position: 'relative' }}>
        <Box
          component="img"
          src={landscapeUrl}
          alt="A calm landscape of layered hills under a warm rising sun"
          width={1600}
          height={700}
          sx={{ width: '100%', height: { xs: 240, md: 420 }, objectFit: 'cover', display: 'block' }}
        />
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', px: 2 }}>
          <Typography
            sx={{
              ...quoteSx,
              fontSize: { xs: '1.7rem', md: '2.8rem' },
              textAlign: 'center',
              bgcolor: alpha('#FFFFFF', 0.7),
              px: 4,
              py: 2,
              borderRadius: 4,
            }}
          >
            Peace is not found. It is remembered.
          </Typography>
        </Box>
      </Box>

      <Section aria-labelledby="credentials-title">
        <SectionHeading
          id="credentials-title"
          overline="Trust"
          title="Experience & Credentials"
          lead="Certified in transformational life coaching, mindfulness-based stress reduction and energy healing, with ongoing study in contemplative traditions."
        />
        <Grid container spacing={3}>
          {CREDENTIALS.map((c) => (
            <Grid key={c.label} size={{ xs: 12, sm: 4 }}>
              <Box
                sx={{
                  textAlign: 'center',
                  p: 4,
                  borderRadius: 5,
                  bgcolor: '#fff',
                  border: '1px solid',
                  borderColor: 'divider',
                }}
              >
                <Typography
                  sx={{
                    fontFamily: (t) => t.typography.h1.fontFamily,
                    fontSize: '3.4rem',
                    fontWeight: 700,
                    color: 'secondary.main',
                    lineHeight: 1,
                  }}
                >
                  {c.value}
                </Typography>
                <Typography sx={{ mt: 1, fontWeight: 600, color: 'primary.dark' }}>{c.label}</Typography>
              </Box>
            </Grid>
          ))}
        </Grid>
      </Section>

      <ClosingCta
        title="Ready to begin your own journey?"
        lead="Let’s talk about where you are and where your soul is longing to go. The first 30 minutes are my gift to you."
      >
        <BookingButton size="large" data-whisper-hover="coaching" />
      </ClosingCta>
    </>
  );
}
