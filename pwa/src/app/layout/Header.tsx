import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Button, IconButton, Toolbar, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { Suspense, lazy, memo, useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useAuth, useIsSignedIn, useLogout } from '../../shared/api/auth.ts';
import { palette } from '../../shared/palette.ts';
import { BookingButton } from '../../features/bookings/index.ts';
import { Logo } from '../../shared/layout/Logo.tsx';
import { ADMIN_LINK, MAIN_NAV, MEMBER_NAV } from './nav.ts';

const MobileMenu = lazy(() => import('./MobileMenu.tsx'));

/**
 * From which width the bar holds every link and the account actions instead of the menu button:
 * a signed-in member's bar (two more links, the greeting and Logout) needs more room.
 */
const WIDE = '@media (min-width: 1200px)';
const WIDE_SIGNED_IN = '@media (min-width: 1400px)';
const onWide = (signedIn: boolean, display: 'flex' | 'none') => ({
  display: { xs: display === 'flex' ? 'none' : 'inline-flex' },
  [signedIn ? WIDE_SIGNED_IN : WIDE]: { display },
});

/** The header changes style once the page has scrolled more than this. */
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

/**
 * The signed-in state, read by the small parts of the header that show it: only they re-render
 * when the current user arrives, not the whole bar.
 */
function useAccount() {
  const { user, isAuthenticated, isAdmin } = useAuth();
  const { logout, isPending: loggingOut } = useLogout();
  return {
    isAuthenticated,
    isAdmin,
    greeting: user ? `Welcome, ${user.name || user.username}` : '',
    logout,
    loggingOut,
  };
}

/**
 * The wide screens' links. Memoised: the header re-renders on scroll; these links do not change
 * with it. They do re-render on each navigation, which reads the current user afresh after a
 * logout cleared it (see useLogout).
 */
const DesktopNav = memo(function DesktopNav() {
  useLocation();
  const isAuthenticated = useIsSignedIn();
  return (
    <Box
      component="ul"
      sx={{ ...onWide(isAuthenticated, 'flex'), flexShrink: 0, gap: 0.25, listStyle: 'none', m: 0, p: 0, ml: 'auto' }}
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
  );
});

/** Wide screens: the greeting and Logout, or Sign In and the booking button. */
function AccountActions() {
  const { isAuthenticated, isAdmin, greeting, logout, loggingOut } = useAccount();
  return (
    <Box sx={{ ...onWide(isAuthenticated, 'flex'), alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      {isAuthenticated ? (
        <>
          {/* A long name is cut short here (the menu shows it whole): Logout always stays in view. */}
          <Typography
            title={greeting}
            sx={{ fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}
          >
            {greeting}
          </Typography>
          {isAdmin && (
            <Box component={NavLink} to={ADMIN_LINK.to} sx={{ ...desktopLinkSx, flexShrink: 0 }}>
              {ADMIN_LINK.label}
            </Box>
          )}
          <Button variant="outlined" onClick={logout} disabled={loggingOut} sx={{ flexShrink: 0 }}>
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
  );
}

/** Narrower screens: the button that opens the drawer. */
function MenuButton({ open, onClick }: { open: boolean; onClick: () => void }) {
  const isAuthenticated = useIsSignedIn();
  return (
    <IconButton
      aria-label="Open menu"
      aria-expanded={open}
      aria-controls="mobile-menu"
      onClick={onClick}
      sx={{ ...onWide(isAuthenticated, 'none'), ml: 'auto', flexShrink: 0 }}
    >
      <MenuIcon />
    </IconButton>
  );
}

/** The drawer with the signed-in state it shows. */
function HeaderMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { isAuthenticated, isAdmin, greeting, logout, loggingOut } = useAccount();
  return (
    <MobileMenu
      open={open}
      onClose={onClose}
      greeting={greeting}
      isAuthenticated={isAuthenticated}
      isAdmin={isAdmin}
      onLogout={logout}
      loggingOut={loggingOut}
    />
  );
}

export function Header() {
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX);
  const [open, setOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const close = () => setOpen(false);

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
        <DesktopNav />
        <AccountActions />
        <MenuButton
          open={open}
          onClick={() => {
            setMenuLoaded(true);
            setOpen(true);
          }}
        />
      </Toolbar>
      {/* The drawer is its own chunk, loaded on the first tap: most visitors never open it. */}
      {menuLoaded && (
        <Suspense fallback={null}>
          <HeaderMenu open={open} onClose={close} />
        </Suspense>
      )}
    </AppBar>
  );
}
