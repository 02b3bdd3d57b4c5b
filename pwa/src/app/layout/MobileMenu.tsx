import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Button,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Typography,
} from '@mui/material';
import { NavLink } from 'react-router';
import { site } from '../../shared/config/site.ts';
import { palette } from '../../shared/palette.ts';
import { BookingButton } from '../../features/bookings/index.ts';
import { Logo } from '../../shared/layout/Logo.tsx';
import { ADMIN_LINK, MAIN_NAV, MEMBER_NAV } from './nav.ts';

interface Props {
  open: boolean;
  onClose: () => void;
  greeting: string;
  isAuthenticated: boolean;
  /** Shows the way back to the workspace. */
  isAdmin: boolean;
  onLogout: () => void;
  loggingOut: boolean;
}

/** The slide-in side drawer of small screens: the header's links; it closes on any choice. */
export default function MobileMenu({ open, onClose, greeting, isAuthenticated, isAdmin, onLogout, loggingOut }: Props) {
  return (
    <Drawer
      id="mobile-menu"
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: 'min(88vw, 340px)', bgcolor: palette.cream, p: 2 },
          role: 'dialog',
          'aria-label': 'Menu',
        } as object,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Logo onClick={onClose} />
        <IconButton aria-label="Close menu" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      {isAuthenticated && <Typography sx={{ fontWeight: 600, px: 2, py: 1 }}>{greeting}</Typography>}
      <Box component="nav" aria-label="Mobile">
        <List>
          {MAIN_NAV.map((item) => (
            <ListItemButton
              key={item.to}
              component={NavLink}
              to={item.to}
              end={item.to === '/'}
              onClick={onClose}
              sx={drawerLinkSx}
            >
              <ListItemText primary={item.label} />
            </ListItemButton>
          ))}
          {isAuthenticated &&
            MEMBER_NAV.map((item) => (
              <ListItemButton key={item.to} component={NavLink} to={item.to} onClick={onClose} sx={drawerLinkSx}>
                <ListItemText primary={item.mobile} />
              </ListItemButton>
            ))}
          {isAdmin && (
            <ListItemButton component={NavLink} to={ADMIN_LINK.to} onClick={onClose} sx={drawerLinkSx}>
              <ListItemText primary={ADMIN_LINK.label} />
            </ListItemButton>
          )}
        </List>
      </Box>
      <Divider sx={{ my: 1.5 }} />
      <Box sx={{ display: 'grid', gap: 1.5, px: 1 }}>
        {isAuthenticated ? (
          <Button
            variant="outlined"
            disabled={loggingOut}
            onClick={() => {
              onClose();
              onLogout();
            }}
          >
            Logout
          </Button>
        ) : (
          <>
            <Button component={NavLink} to="/login" variant="outlined" onClick={onClose}>
              Sign In
            </Button>
            <BookingButton onClick={onClose}>Book Free Call</BookingButton>
          </>
        )}
      </Box>
      <Typography variant="body2" sx={{ mt: 'auto', pt: 3, px: 1, color: 'text.secondary' }}>
        {site.email}
      </Typography>
    </Drawer>
  );
}

const drawerLinkSx = {
  borderRadius: 3,
  mb: 0.5,
  '& .MuiListItemText-primary': { fontWeight: 600, fontSize: '1.05rem' },
  '&[aria-current="page"]': { bgcolor: 'primary.main', color: '#fff' },
  '&[aria-current="page"]:hover': { bgcolor: 'primary.dark' },
} as const;
