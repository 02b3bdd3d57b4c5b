import { Box, Card, CardContent, Container, Link, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { palette } from '../palette.ts';
import { IconBadge } from '../ui/IconBadge.tsx';

/** What an AuthCard says above its form, and the link to the other form below it. */
export interface AuthCardTexts {
  overline: string;
  title: string;
  lead: string;
  alternative?: { prompt: string; to: string; label: string };
}

/**
 * The calm, centred card that holds the sign-in, sign-up and admin sign-in forms, with the link
 * to the other form (`alternative`) and back home below.
 */
export function AuthCard({ icon, texts, children }: { icon: ReactNode; texts: AuthCardTexts; children: ReactNode }) {
  const { overline, title, lead, alternative } = texts;
  return (
    <Box
      sx={{
        py: { xs: 5, md: 9 },
        px: 2,
        background:
          'radial-gradient(900px 360px at 50% -10%, rgba(233,162,95,0.32), transparent 70%), linear-gradient(180deg, #F8EEDF 0%, #FBF6EF 100%)',
      }}
    >
      <Container maxWidth="sm" disableGutters>
        <Card sx={{ boxShadow: `0 30px 60px -36px ${alpha(palette.plumDeep, 0.5)}` }}>
          <CardContent sx={{ p: { xs: 3, sm: 5 } }}>
            <Box sx={{ textAlign: 'center', mb: 3 }}>
              <IconBadge>{icon}</IconBadge>
              <Typography variant="overline" component="p" color="secondary.main">
                {overline}
              </Typography>
              <Typography variant="h2" component="h1" sx={{ color: 'primary.dark' }}>
                {title}
              </Typography>
              <Typography sx={{ mt: 1, color: 'text.secondary' }}>{lead}</Typography>
            </Box>
            {children}
            {alternative && (
              <Typography sx={{ mt: 3, textAlign: 'center', color: 'text.secondary' }}>
                {alternative.prompt}{' '}
                <Link component={RouterLink} to={alternative.to} sx={{ fontWeight: 700 }}>
                  {alternative.label}
                </Link>
              </Typography>
            )}
            <Typography sx={{ mt: alternative ? 1 : 3, textAlign: 'center' }}>
              <Link component={RouterLink} to="/" sx={{ fontWeight: 600 }}>
                Back to Home
              </Link>
            </Typography>
          </CardContent>
        </Card>
      </Container>
    </Box>
  );
}
