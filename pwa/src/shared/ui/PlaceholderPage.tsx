import SpaIcon from '@mui/icons-material/Spa';
import { Box, Button, Container, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '../hooks/usePageTitle.ts';

/** A calm holding page for screens of the members area that are not open yet. */
export function PlaceholderPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
      <Box sx={{ color: 'secondary.main', mb: 2 }}>
        <SpaIcon sx={{ fontSize: 48 }} aria-hidden />
      </Box>
      <Typography variant="h2" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        This space is being lovingly prepared and will open soon.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Back to Home
      </Button>
    </Container>
  );
}
