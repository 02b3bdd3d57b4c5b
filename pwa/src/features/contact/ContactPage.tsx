import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import EmailIcon from '@mui/icons-material/EmailOutlined';
import InstagramIcon from '@mui/icons-material/Instagram';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import YouTubeIcon from '@mui/icons-material/YouTube';
import { Box, Card, CardContent, Grid, Link, Stack, Typography } from '@mui/material';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { site, whatsappChatUrl } from '../../shared/config/site.ts';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { ExternalButton } from '../../shared/ui/ExternalButton.tsx';
import { BookingButton } from '../bookings/index.ts';
import { PageHero, Section } from '../../shared/ui/Section.tsx';
import { ContactForm } from './ContactForm.tsx';

function SideCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent sx={{ p: 3 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
          <Box
            sx={{
              width: 44,
              height: 44,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              bgcolor: '#EFE4F3',
              color: 'primary.main',
            }}
          >
            {icon}
          </Box>
          <Typography variant="h5" component="h2" sx={{ color: 'primary.dark' }}>
            {title}
          </Typography>
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/** The installed app's 'Book a call' shortcut opens /contact#book (see vite.config.ts). */
const BOOK_HASH = '#book';

/**
 * /contact#book brings the booking button into view with focus, one tap from the scheduling page.
 * A shortcut cannot open the external page itself: a new tab without a tap is blocked as a pop-up.
 */
function useBookingFocus() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash !== BOOK_HASH) return;
    // After the layout's own scroll to the top on a new page.
    const timer = window.setTimeout(() => {
      const button = document.getElementById('book');
      button?.scrollIntoView({ block: 'center' });
      button?.focus({ preventScroll: true });
    });
    return () => window.clearTimeout(timer);
  }, [hash]);
}

export default function ContactPage() {
  usePageTitle('Contact & Book a Free Clarity Call');
  useBookingFocus();
  return (
    <>
      <PageHero
        overline="Contact"
        title="Let’s Begin the Conversation"
        lead="Whether you have a question, want to explore a program or simply need to be heard, I’d love to hear from you. I reply within 24 hours."
      />
      <Section sx={{ pt: { xs: 4, md: 6 } }}>
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Card>
              <CardContent sx={{ p: { xs: 3, md: 5 } }}>
                <Typography variant="h3" component="h2" sx={{ color: 'primary.dark', mb: 1 }}>
                  Send a Message
                </Typography>
                <Typography color="text.secondary" sx={{ mb: 3 }}>
                  Every message is read personally by {site.firstName}.
                </Typography>
                <ContactForm />
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Stack spacing={3}>
              <SideCard icon={<CalendarMonthIcon />} title="Book a Free Clarity Call">
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  A free 30-minute call to explore what you are seeking and whether we are a good fit.
                </Typography>
                <BookingButton id="book" fullWidth data-whisper-hover="coaching">
                  Book Your Free Clarity Call
                </BookingButton>
              </SideCard>
              <SideCard icon={<WhatsAppIcon />} title="Quick WhatsApp Message">
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  Prefer a quick chat? Send a message and I’ll reply as soon as I can.
                </Typography>
                <ExternalButton
                  href={whatsappChatUrl()}
                  fullWidth
                  variant="contained"
                  startIcon={<WhatsAppIcon />}
                  sx={{ bgcolor: '#1B7F4B', '&:hover': { bgcolor: '#146139' } }}
                >
                  Message on WhatsApp
                </ExternalButton>
              </SideCard>
              <SideCard icon={<EmailIcon />} title="Email">
                <Link href={`mailto:${site.email}`} sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
                  {site.email}
                </Link>
              </SideCard>
              <SideCard icon={<InstagramIcon />} title="Follow the Journey">
                <Stack direction="row" spacing={1.5}>
                  <ExternalButton href={site.instagramUrl} variant="outlined" startIcon={<InstagramIcon />}>
                    Instagram
                  </ExternalButton>
                  <ExternalButton href={site.youtubeUrl} variant="outlined" startIcon={<YouTubeIcon />}>
                    YouTube
                  </ExternalButton>
                </Stack>
              </SideCard>
            </Stack>
          </Grid>
        </Grid>
      </Section>
    </>
  );
}
