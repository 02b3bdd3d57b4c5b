import type { CurrentUser } from '@coach/contracts';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { Box, Button, Card, CardContent, Container, Stack, Typography } from '@mui/material';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../../shared/api/auth.ts';
import { PageFallback } from '../../shared/layout/Layout.tsx';
import { notify } from '../../shared/notices/store.ts';

interface Props {
  /** The description of the 'Authentication Required' notice. */
  notice: string;
  /** Heading and lead of the sign-in prompt. */
  title: string;
  lead: string;
  children: (user: CurrentUser) => ReactNode;
}

/**
 * Members-only pages (spec members §4 "Auth gating"): a spinner while the session is read, a
 * sign-in prompt with its notice when signed out, the page itself for a signed-in member.
 */
export function AuthGate({ notice, title, lead, children }: Props) {
  const { user, isLoading } = useAuth();
  const signedOut = !isLoading && user === null;
  const announced = useRef(false);

  useEffect(() => {
    if (!signedOut) {
      announced.current = false;
      return;
    }
    if (announced.current) return;
    announced.current = true;
    notify({ title: 'Authentication Required', description: notice });
  }, [signedOut, notice]);

  if (isLoading) {
    return <PageFallback />;
  }

  if (user === null) {
    return (
      <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 } }}>
        <Card>
          <CardContent sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
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
              <LockOpenIcon />
            </Box>
            <Typography variant="h2" component="h1" sx={{ color: 'primary.dark', mb: 1.5 }}>
              {title}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 4 }}>
              {lead}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
              <Button component={RouterLink} to="/login" variant="contained" size="large">
                Sign In
              </Button>
              <Button component={RouterLink} to="/signup" variant="outlined" size="large">
                Create Account
              </Button>
            </Stack>
          </CardContent>
        </Card>
      </Container>
    );
  }

  return children(user);
}
