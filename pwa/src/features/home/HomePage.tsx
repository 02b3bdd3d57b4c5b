import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import EmojiPeopleIcon from '@mui/icons-material/EmojiPeople';
import ExploreIcon from '@mui/icons-material/Explore';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import LocalFloristIcon from '@mui/icons-material/LocalFlorist';
import SpaIcon from '@mui/icons-material/Spa';
import WbTwilightIcon from '@mui/icons-material/WbTwilight';
import { Box, Button, Card, Container, Grid, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import heroUrl from '../../assets/hero.svg';
import { site } from '../../shared/config/site.ts';
import { coachStructuredData } from '../../shared/head/pageHead.ts';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { outlinedOnDarkSx } from '../../shared/outlinedOnDarkSx.ts';
import { palette } from '../../shared/palette.ts';
import { quoteSx } from '../../shared/theme.ts';
import { BookingButton } from '../bookings/index.ts';
import { IconCard } from '../../shared/ui/IconCard.tsx';
import { ClosingCta, Section, SectionHeading } from '../../shared/ui/Section.tsx';
import { BookOrLearnMore } from '../coaching/index.ts';

/** The five areas of transformation shown on Home. */
const AREAS = [
  {
    title: 'Awakening',
    Icon: WbTwilightIcon,
    text: 'Wake up to who you truly are beneath the roles, the noise and the expectations.',
  },
  {
    title: 'Healing',
    Icon: SpaIcon,
    text: 'Gently release old wounds, patterns and grief so your heart can breathe again.',
  },
  {
    title: 'Abundance',
    Icon: LocalFloristIcon,
    text: 'Open to receiving: love, prosperity and joy flow where worthiness lives.',
  },
  {
    title: 'Purpose',
    Icon: ExploreIcon,
    text: 'Hear your soul’s calling and shape a life that feels meaningful every day.',
  },
  {
    title: 'Leadership',
    Icon: EmojiPeopleIcon,
    text: 'Lead from presence and compassion, at home, at work and in your community.',
  },
] as const;

export default function HomePage() {
  usePageTitle('Spiritual Life Coach', { structuredData: coachStructuredData() });
  return (
    <>
      <Box
        component="section"
        aria-labelledby="hero-title"
        sx={{
          position: 'relative',
          overflow: 'hidden',
          color: '#fff',
          minHeight: { xs: 'auto', md: 'calc(100vh - 84px)' },
          display: 'flex',
          alignItems: 'center',
          py: { xs: 9, md: 12 },
          backgroundColor: palette.plumDeep,
          // On phones the text spans the art, so the veil stays dark across it (contrast AA).
          backgroundImage: {
            xs: `linear-gradient(180deg, ${alpha(palette.plumDeep, 0.9)} 0%, ${alpha(palette.plumDeep, 0.78)} 100%), url("${heroUrl}")`,
            md: `linear-gradient(100deg, ${alpha(palette.plumDeep, 0.92)} 0%, ${alpha(palette.plumDeep, 0.72)} 45%, ${alpha(palette.plumDeep, 0.1)} 100%), url("${heroUrl}")`,
          },
          backgroundSize: 'cover',
          backgroundPosition: 'center bottom',
        }}
      >
        <Container maxWidth="lg">
          <Box sx={{ maxWidth: 660 }}>
            <Typography variant="overline" component="p" sx={{ color: palette.saffronLight }}>
              {site.tagline} · {site.name}
            </Typography>
            <Typography id="hero-title" variant="h1" sx={{ mt: 1 }}>
              Awaken to the life your soul has been calling for
            </Typography>
            <Typography
              variant="subtitle1"
              component="p"
              sx={{ mt: 3, color: alpha('#FFFFFF', 0.9), fontSize: { md: '1.2rem' } }}
            >
              Compassionate, grounded coaching to help you heal, find clarity and live with purpose. Begin with a free
              30-minute clarity call, just you, me and what your heart is ready to explore.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 5 }}>
              <BookingButton size="large" data-whisper-hover="coaching">
                Book Your Free Clarity Call
              </BookingButton>
              <Button
                component={RouterLink}
                to="/ask-ai"
                size="large"
                variant="outlined"
                startIcon={<AutoAwesomeIcon />}
                sx={outlinedOnDarkSx({ border: 0.7, hoverTint: 0.1 })}
              >
                Ask a Life Question
              </Button>
            </Stack>
          </Box>
        </Container>
      </Box>

      <Section data-whisper-section="coaching" aria-labelledby="areas-title">
        <SectionHeading
          id="areas-title"
          overline="How I can help"
          title="Areas of Transformation"
          lead="Every journey is unique. These are the doorways through which my clients most often step into a new chapter."
        />
        <Grid container spacing={3} sx={{ justifyContent: 'center' }}>
          {AREAS.map(({ title, Icon, text }) => (
            <Grid key={title} size={{ xs: 12, sm: 6, md: 4 }}>
              <IconCard
                Icon={Icon}
                title={title}
                text={text}
                iconColors={{ bgcolor: alpha(palette.saffronLight, 0.22), color: 'secondary.dark' }}
                lift
              />
            </Grid>
          ))}
        </Grid>
      </Section>

      <Section tone="sand" data-whisper-section="about" aria-label="A word from the coach" maxWidth="md">
        <Box component="figure" sx={{ m: 0, textAlign: 'center' }}>
          <FormatQuoteIcon sx={{ fontSize: 56, color: 'secondary.main' }} aria-hidden />
          <Typography
            component="blockquote"
            sx={{ ...quoteSx, m: 0, fontSize: { xs: '1.8rem', md: '2.5rem' }, lineHeight: 1.3 }}
          >
            The wound is the place where the light enters you. You are not broken; you are breaking open.
          </Typography>
          <Typography component="figcaption" sx={{ mt: 3, color: 'text.secondary', fontWeight: 600 }}>
            Rumi, a favourite of {site.firstName}’s clients
          </Typography>
        </Box>
      </Section>

      <Section aria-labelledby="teaser-title">
        <Grid container spacing={{ xs: 4, md: 8 }} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 5 }}>
            <SectionHeading
              align="left"
              id="teaser-title"
              overline="Soul Companion"
              title="Ask Your Heart's Question"
              lead="Carrying a question you can’t quite put down? Our AI guide offers gentle reflections, practices and perspectives, any time of day."
            />
            <Button
              component={RouterLink}
              to="/ask-ai"
              variant="contained"
              size="large"
              startIcon={<AutoAwesomeIcon />}
            >
              Try Soul Companion
            </Button>
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <Card sx={{ p: { xs: 2.5, md: 4 }, bgcolor: '#FFFDF8' }}>
              <Stack spacing={2.5}>
                <Box
                  sx={{
                    alignSelf: 'flex-end',
                    maxWidth: '85%',
                    bgcolor: 'primary.main',
                    color: '#fff',
                    px: 2.5,
                    py: 1.75,
                    borderRadius: 4,
                    borderBottomRightRadius: 1,
                  }}
                >
                  <Typography>I feel stuck and I don’t know what my next step should be.</Typography>
                </Box>
                <Box
                  sx={{
                    alignSelf: 'flex-start',
                    maxWidth: '90%',
                    bgcolor: 'background.default',
                    border: '1px solid',
                    borderColor: 'divider',
                    px: 2.5,
                    py: 1.75,
                    borderRadius: 4,
                    borderBottomLeftRadius: 1,
                  }}
                >
                  <Typography>
                    Feeling stuck is often the soul’s way of asking you to pause before a new season. Place a hand on
                    your heart, take three slow breaths, and ask: “What would feel like relief right now?” Let the
                    smallest honest answer be your next step.
                  </Typography>
                </Box>
              </Stack>
            </Card>
          </Grid>
        </Grid>
      </Section>

      <ClosingCta
        title="Your next chapter can begin today"
        lead="A free, no-pressure 30-minute clarity call to explore where you are, where you long to be, and how we might walk there together."
      >
        <BookOrLearnMore
          learnMoreSx={{
            color: '#fff',
            borderColor: alpha('#FFFFFF', 0.7),
            '&:hover': { borderColor: '#fff', bgcolor: alpha('#FFFFFF', 0.1) },
          }}
        />
      </ClosingCta>
    </>
  );
}
