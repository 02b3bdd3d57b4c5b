import { Box, Card, CardContent, Container, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { palette } from '../../shared/theme.ts';

/** The calm, centred card that holds the sign-in, sign-up and admin sign-in forms. */
export function AuthCard({
  icon,
  overline,
  title,
  lead,
  children,
}: {
  icon: ReactNode;
  overline: string;
  title: string;
  lead: string;
  children: ReactNode;
}) {
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
              <Box
                sx={{
                  width: 60,
                  height: 60,
                  mx: 'auto',
                  mb: 2,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'primary.main',
                  color: '#fff',
                }}
                aria-hidden
              >
                {icon}
              </Box>
              <Typography variant="overline" component="p" color="secondary.main">
                {overline}
              </Typography>
              <Typography variant="h2" component="h1" sx={{ color: 'primary.dark' }}>
                {title}
              </Typography>
              <Typography sx={{ mt: 1, color: 'text.secondary' }}>{lead}</Typography>
            </Box>
            {children}
          </CardContent>
        </Card>
      </Container>
    </Box>
  );
}
