import CloudOffIcon from '@mui/icons-material/CloudOff';
import { Button, Container, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/**
 * A post never read on this device, opened offline: the app shell is there but the post is not,
 * so say exactly that, instead of 'Post Not Found'.
 */
export function OfflinePostNotSaved() {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 10, md: 14 }, textAlign: 'center' }}>
      <CloudOffIcon sx={{ fontSize: 48, color: 'primary.main' }} aria-hidden />
      <Typography variant="h2" component="h1" sx={{ color: 'primary.dark', mt: 1 }} gutterBottom>
        Not saved for offline reading
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        You are offline — this post has not been saved for offline reading yet.
      </Typography>
      <Button component={RouterLink} to="/blog" variant="contained">
        Go to the blog
      </Button>
    </Container>
  );
}
