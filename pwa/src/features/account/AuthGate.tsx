import type { CurrentUser } from '@coach/contracts';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { Button, Stack } from '@mui/material';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useAuth } from '../../shared/api/auth.ts';
import { PageFallback } from '../../shared/ui/PageFallback.tsx';
import { notify } from '../../shared/notices/store.ts';
import { PromptCard } from '../../shared/ui/PromptCard.tsx';
import type { ReturnTo } from './returnTo.ts';

interface Props {
  /** The description of the 'Authentication Required' notice. */
  notice: string;
  /** Heading and lead of the sign-in prompt. */
  title: string;
  lead: string;
  children: (user: CurrentUser) => ReactNode;
}

/**
 * Members-only pages: a spinner while the session is read, a
 * sign-in prompt with its notice when signed out (signing in or up from it comes back to the
 * page), the page itself for a signed-in member.
 */
export function AuthGate({ notice, title, lead, children }: Props) {
  const { user, isLoading } = useAuth();
  const { pathname, search } = useLocation();
  const comeBack: ReturnTo = { returnTo: pathname + search };
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
      <PromptCard icon={<LockOpenIcon />} title={title} titleVariant="h2" lead={lead}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
          <Button component={RouterLink} to="/login" state={comeBack} variant="contained" size="large">
            Sign In
          </Button>
          <Button component={RouterLink} to="/signup" state={comeBack} variant="outlined" size="large">
            Create Account
          </Button>
        </Stack>
      </PromptCard>
    );
  }

  return children(user);
}
