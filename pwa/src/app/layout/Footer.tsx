import EmailIcon from '@mui/icons-material/EmailOutlined';
import InstagramIcon from '@mui/icons-material/Instagram';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import YouTubeIcon from '@mui/icons-material/YouTube';
import { Box, Container, Grid, IconButton, Link, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import { LEGAL_PAGES } from '../../features/legal/pages.ts';
import { StatsBar } from '../../features/stats/StatsBar.tsx';
import { ExternalButton } from '../../shared/ui/ExternalButton.tsx';
import { site, whatsappChatUrl } from '../../shared/config/site.ts';
import { InstallButton } from '../../shared/pwa/InstallButton.tsx';
import { outlinedOnDarkSx } from '../../shared/outlinedOnDarkSx.ts';
import { palette } from '../../shared/palette.ts';
import { BookingButton } from '../../features/bookings/index.ts';
import { Logo } from '../../shared/layout/Logo.tsx';
import { MAIN_NAV } from './nav.ts';

const footerLinkSx = { color: alpha('#FFFFFF', 0.86), '&:hover': { color: '#fff' } } as const;

export const SOCIAL_LINKS = [
  { href: site.instagramUrl, label: 'Instagram', Icon: InstagramIcon },
  { href: site.youtubeUrl, label: 'YouTube', Icon: YouTubeIcon },
  { href: site.linkedinUrl, label: 'LinkedIn', Icon: LinkedInIcon },
] as const;

function Heading({ children }: { children: string }) {
  return (
    <Typography component="h2" variant="h5" sx={{ color: palette.saffronLight, mb: 2 }}>
      {children}
    </Typography>
  );
}

export function Footer() {
  return (
    <Box
      component="footer"
      sx={{ bgcolor: palette.plumDeep, color: '#fff', pt: { xs: 6, md: 9 }, pb: { xs: 13, md: 4 }, mt: 'auto' }}
    >
      <Container maxWidth="lg">
        <Grid container spacing={{ xs: 5, md: 4 }}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Logo light />
            <Typography sx={{ mt: 2, color: alpha('#FFFFFF', 0.82), maxWidth: 360 }}>
              Gentle, grounded guidance for seekers ready to awaken their inner wisdom, heal old wounds and live a life
              of purpose, peace and abundance.
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, mt: 2.5 }}>
              {SOCIAL_LINKS.map(({ href, label, Icon }) => (
                <IconButton
                  key={label}
                  component="a"
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${site.name} on ${label}`}
                  sx={{
                    color: '#fff',
                    bgcolor: alpha('#FFFFFF', 0.08),
                    '&:hover': { bgcolor: alpha('#FFFFFF', 0.18) },
                  }}
                >
                  <Icon />
                </IconButton>
              ))}
            </Box>
          </Grid>
          <Grid size={{ xs: 6, md: 2 }}>
            <nav aria-label="Quick Links">
              <Heading>Quick Links</Heading>
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
                {MAIN_NAV.map((item) => (
                  <li key={item.to}>
                    <Link component={RouterLink} to={item.to} sx={footerLinkSx}>
                      {item.label}
                    </Link>
                  </li>
                ))}
              </Box>
            </nav>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <nav aria-label="Legal & Policies">
              <Heading>Legal & Policies</Heading>
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
                {LEGAL_PAGES.map((page) => (
                  <li key={page.slug}>
                    <Link component={RouterLink} to={`/legal/${page.slug}`} sx={footerLinkSx}>
                      {page.title}
                    </Link>
                  </li>
                ))}
              </Box>
            </nav>
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <Heading>Get in Touch</Heading>
            <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }}>
              <BookingButton>Book Free Clarity Call</BookingButton>
              <Link
                href={`mailto:${site.email}`}
                sx={{ ...footerLinkSx, display: 'inline-flex', alignItems: 'center', gap: 1 }}
              >
                <EmailIcon fontSize="small" aria-hidden />
                {site.email}
              </Link>
              <ExternalButton
                href={whatsappChatUrl()}
                variant="outlined"
                startIcon={<WhatsAppIcon />}
                sx={outlinedOnDarkSx()}
              >
                Message on WhatsApp
              </ExternalButton>
              <InstallButton />
            </Box>
          </Grid>
        </Grid>
        <Box sx={{ mt: 6 }}>
          <StatsBar />
        </Box>
        <Typography variant="body2" sx={{ mt: 4, textAlign: 'center', color: alpha('#FFFFFF', 0.75) }}>
          © 2025 {site.brand}. All rights reserved.
        </Typography>
      </Container>
    </Box>
  );
}
