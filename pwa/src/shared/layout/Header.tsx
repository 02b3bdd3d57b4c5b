import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Button, IconButton, Toolbar, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { Suspense, lazy, useEffect, useState } from 'react';
import { NavLink } from 'react-router';
import { useAuth, useLogout } from '../api/auth.ts';
import { palette } from '../theme.ts';
import { BookingButton } from '../ui/ExternalButton.tsx';
import { Logo } from './Logo.tsx';
import { MAIN_NAV, MEMBER_NAV } from './nav.ts';

const MobileMenu = lazy(() => import('./MobileMenu.tsx'));

/** The header changes style once the page has scrolled more than this (spec §9). */
export const HEADER_SCROLL_THRESHOLD_PX = 50;

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return scrolled;
}

const desktopLinkSx = {
  px: 1.25,
  py: 0.75,
  borderRadius: 999,
  color: 'text.primary',
  textDecoration: 'none',
  fontWeight: 600,
  fontSize: '0.95rem',
  whiteSpace: 'nowrap',
  transition: 'background-color 160ms, color 160ms',
  '&:hover': { bgcolor: alpha(palette.plum, 0.07) },
  '&[aria-current="page"]': { color: '#fff', bgcolor: 'primary.main' },
} as const;

export function Header() {
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX);
  const [open, setOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const { user, isAuthenticated } = useAuth();
  const { logout, isPending: loggingOut } = useLogout();
  const close = () => setOpen(false);
  const greeting = user ? `Welcome, ${user.name || user.username}` : '';

  return (
    <AppBar
      position="fixed"
      elevation={0}
      data-scrolled={scrolled}
      sx={{
        color: 'text.primary',
        bgcolor: scrolled ? alpha('#FFFFFF', 0.94) : alpha(palette.cream, 0.6),
        backdropFilter: 'blur(12px)',
        borderBottom: '1px solid',
        borderColor: scrolled ? 'divider' : 'transparent',
        boxShadow: scrolled ? `0 8px 24px -16px ${alpha(palette.plumDeep, 0.45)}` : 'none',
        transition: 'background-color 240ms, box-shadow 240ms, border-color 240ms',
      }}
    >
      <Toolbar
        component="nav"
        aria-label="Main"
        sx={{
          gap: 2,
          minHeight: { xs: scrolled ? 60 : 68, lg: scrolled ? 68 : 84 },
          transition: 'min-height 240ms',
          maxWidth: 1400,
          width: '100%',
          mx: 'auto',
        }}
      >
        <Logo />
        <Box
          component="ul"
          sx={{ display: { xs: 'none', lg: 'flex' }, gap: 0.25, listStyle: 'none', m: 0, p: 0, ml: 'auto' }}
        >
          {MAIN_NAV.map((item) => (
            <li key={item.to}>
              <Box component={NavLink} to={item.to} end={item.to === '/'} sx={desktopLinkSx}>
                {item.label}
              </Box>
            </li>
          ))}
          {isAuthenticated &&
            MEMBER_NAV.map((item) => (
              <li key={item.to}>
                <Box component={NavLink} to={item.to} sx={desktopLinkSx}>
                  {item.desktop}
                </Box>
              </li>
            ))}
        </Box>
        <Box sx={{ display: { xs: 'none', lg: 'flex' }, alignItems: 'center', gap: 1.5 }}>
          {isAuthenticated ? (
            <>
              <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{greeting}</Typography>
              <Button variant="outlined" onClick={logout} disabled={loggingOut}>
                Logout
              </Button>
            </>
          ) : (
            <>
              <Box component={NavLink} to="/login" sx={desktopLinkSx}>
                Sign In
              </Box>
              <BookingButton>Book Free Call</BookingButton>
            </>
          )}
        </Box>
        <IconButton
          aria-label="Open menu"
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => {
            setMenuLoaded(true);
            setOpen(true);
          }}
          sx={{ display: { lg: 'none' }, ml: 'auto' }}
        >
          <MenuIcon />
        </IconButton>
      </Toolbar>
      {/* The drawer is its own chunk, loaded on the first tap: most visitors never open it. */}
      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu
            open={open}
            onClose={close}
            greeting={greeting}
            isAuthenticated={isAuthenticated}
            onLogout={logout}
            loggingOut={loggingOut}
          />
        </Suspense>
      )}
    </AppBar>
  );
}
