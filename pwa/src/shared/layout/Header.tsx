import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Button, Divider, Drawer, IconButton, List, ListItemButton, ListItemText, Toolbar, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { NavLink } from 'react-router';
import { useAuth, useLogout } from '../api/auth.ts';
import { site } from '../config/site.ts';
import { palette } from '../theme.ts';
import { BookingButton } from '../ui/ExternalButton.tsx';
import { Logo } from './Logo.tsx';
import { MAIN_NAV, MEMBER_NAV } from './nav.ts';

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
      <Toolbar component="nav" aria-label="Main" sx={{ gap: 2, minHeight: { xs: scrolled ? 60 : 68, lg: scrolled ? 68 : 84 }, transition: 'min-height 240ms', maxWidth: 1400, width: '100%', mx: 'auto' }}>
        <Logo />
        <Box component="ul" sx={{ display: { xs: 'none', lg: 'flex' }, gap: 0.25, listStyle: 'none', m: 0, p: 0, ml: 'auto' }}>
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
          onClick={() => setOpen(true)}
          sx={{ display: { lg: 'none' }, ml: 'auto' }}
        >
          <MenuIcon />
        </IconButton>
      </Toolbar>
      <Drawer
        id="mobile-menu"
        anchor="right"
        open={open}
        onClose={close}
        slotProps={{ paper: { sx: { width: 'min(88vw, 340px)', bgcolor: palette.cream, p: 2 }, role: 'dialog', 'aria-label': 'Menu' } as object }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Logo onClick={close} />
          <IconButton aria-label="Close menu" onClick={close}>
            <CloseIcon />
          </IconButton>
        </Box>
        {isAuthenticated && (
          <Typography sx={{ fontWeight: 600, px: 2, py: 1 }}>{greeting}</Typography>
        )}
        <Box component="nav" aria-label="Mobile">
          <List>
            {MAIN_NAV.map((item) => (
              <ListItemButton key={item.to} component={NavLink} to={item.to} end={item.to === '/'} onClick={close} sx={drawerLinkSx}>
                <ListItemText primary={item.label} />
              </ListItemButton>
            ))}
            {isAuthenticated &&
              MEMBER_NAV.map((item) => (
                <ListItemButton key={item.to} component={NavLink} to={item.to} onClick={close} sx={drawerLinkSx}>
                  <ListItemText primary={item.mobile} />
                </ListItemButton>
              ))}
          </List>
        </Box>
        <Divider sx={{ my: 1.5 }} />
        <Box sx={{ display: 'grid', gap: 1.5, px: 1 }}>
          {isAuthenticated ? (
            <Button
              variant="outlined"
              disabled={loggingOut}
              onClick={() => {
                close();
                logout();
              }}
            >
              Logout
            </Button>
          ) : (
            <>
              <Button component={NavLink} to="/login" variant="outlined" onClick={close}>
                Sign In
              </Button>
              <BookingButton onClick={close}>Book Free Call</BookingButton>
            </>
          )}
        </Box>
        <Typography variant="body2" sx={{ mt: 'auto', pt: 3, px: 1, color: 'text.secondary' }}>
          {site.email}
        </Typography>
      </Drawer>
    </AppBar>
  );
}

const drawerLinkSx = {
  borderRadius: 3,
  mb: 0.5,
  '& .MuiListItemText-primary': { fontWeight: 600, fontSize: '1.05rem' },
  '&[aria-current="page"]': { bgcolor: 'primary.main', color: '#fff' },
  '&[aria-current="page"]:hover': { bgcolor: 'primary.dark' },
} as const;
