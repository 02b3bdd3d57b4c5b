import ExploreOffIcon from '@mui/icons-material/ExploreOff';
import { Box, Button, Container, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';

/** The 404 page, shown for any unknown path. */
export default function NotFoundPage() {
  usePageTitle('Page Not Found', { noindex: true });
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 10, md: 14 }, textAlign: 'center' }}>
      <Box sx={{ color: 'secondary.main', mb: 1 }}>
        <ExploreOffIcon sx={{ fontSize: 56 }} aria-hidden />
      </Box>
      <Typography variant="overline" color="secondary.dark">
        404
      </Typography>
      <Typography variant="h2" component="h1" gutterBottom>
        Page Not Found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Every path leads somewhere, but this one leads nowhere on our site. The page you are looking for does not exist
        or has been moved.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
        <Button component={RouterLink} to="/" variant="contained">
          Return Home
        </Button>
        <Button component={RouterLink} to="/blog" variant="outlined">
          Read the Blog
        </Button>
      </Stack>
    </Container>
  );
}
