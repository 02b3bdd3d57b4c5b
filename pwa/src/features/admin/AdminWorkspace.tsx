import MenuIcon from '@mui/icons-material/Menu';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import {
  AppBar,
  Box,
  Button,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Toolbar,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink, Outlet, useLocation, useSearchParams } from 'react-router';
import { useAuth, useLogout } from '../../shared/api/auth.ts';
import { Logo } from '../../shared/layout/Logo.tsx';
import { PageFallback } from '../../shared/ui/PageFallback.tsx';
import { Notices } from '../../shared/notices/Notices.tsx';
import { useListTotal } from './pagedList.tsx';
import { MESSAGES_KEY, UNREAD_HEADER } from './queries.ts';
import { chosenSection, DASHBOARD_PATH, DASHBOARD_SECTIONS, sectionLink } from './sections.tsx';

const SIDEBAR_WIDTH = 248;

/** The unread messages beside the Messages link, for the admin only. */
function UnreadNote() {
  const unread = useListTotal(MESSAGES_KEY[0], UNREAD_HEADER);
  if (!unread.data) return null;
  return (
    <>
      {' '}
      <Box
        component="span"
        sx={{
          ml: 1,
          px: 1,
          borderRadius: 8,
          bgcolor: 'secondary.main',
          color: 'common.white',
          fontSize: '0.75rem',
          fontWeight: 700,
        }}
      >
        {unread.data} unread
      </Box>
    </>
  );
}

/** The workspace's navigation: the dashboard's sections (for the admin), View site, Logout. */
function WorkspaceNav({ onNavigate }: { onNavigate?: () => void }) {
  const { isAdmin, isAuthenticated } = useAuth();
  const { logout, isPending } = useLogout();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const current = pathname === DASHBOARD_PATH ? chosenSection(search).id : null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', p: 2, gap: 1 }}>
      <Typography variant="overline" component="p" color="secondary.main" sx={{ px: 1 }}>
        Workspace
      </Typography>
      {isAdmin && (
        <Box component="nav" aria-label="Dashboard sections">
          <List disablePadding>
            {DASHBOARD_SECTIONS.map((section) => (
              <ListItemButton
                key={section.id}
                component={RouterLink}
                to={sectionLink(section.id)}
                onClick={onNavigate}
                selected={current === section.id}
                aria-current={current === section.id ? 'page' : undefined}
                sx={{ borderRadius: 2, mb: 0.5, fontWeight: 700 }}
              >
                <ListItemText
                  primary={
                    <>
                      {section.label}
                      {section.id === 'messages' && <UnreadNote />}
                    </>
                  }
                  slotProps={{ primary: { sx: { fontWeight: 700 } } }}
                />
              </ListItemButton>
            ))}
          </List>
        </Box>
      )}
      <Divider sx={{ my: 1 }} />
      <Button component={RouterLink} to="/" startIcon={<HomeOutlinedIcon />} sx={{ justifyContent: 'flex-start' }}>
        View site
      </Button>
      {isAuthenticated && (
        <Button variant="outlined" onClick={logout} disabled={isPending}>
          Logout
        </Button>
      )}
    </Box>
  );
}

/**
 * The coach's workspace around an admin page: a side navigation on wide screens, a top bar with
 * a menu on phones, and none of the public site's header, footer or floating widgets.
 */
export function AdminWorkspace({ children }: { children: ReactNode }) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {narrow ? (
        <>
          <AppBar position="fixed" color="inherit" elevation={1}>
            <Toolbar sx={{ gap: 1, minWidth: 0 }}>
              <Logo />
              <IconButton
                aria-label="Open workspace menu"
                aria-expanded={open}
                aria-controls="workspace-menu"
                onClick={() => setOpen(true)}
                sx={{ ml: 'auto', flexShrink: 0 }}
              >
                <MenuIcon />
              </IconButton>
            </Toolbar>
          </AppBar>
          <Drawer
            id="workspace-menu"
            anchor="left"
            open={open}
            onClose={() => setOpen(false)}
            slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH, maxWidth: '85vw' } } }}
          >
            <WorkspaceNav onNavigate={() => setOpen(false)} />
          </Drawer>
        </>
      ) : (
        <Box
          component="aside"
          aria-label="Workspace"
          sx={{
            width: SIDEBAR_WIDTH,
            flexShrink: 0,
            borderRight: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
          }}
        >
          <Box sx={{ position: 'sticky', top: 0, maxHeight: '100vh', overflowY: 'auto' }}>
            <Box sx={{ p: 2, pb: 0 }}>
              <Logo />
            </Box>
            <WorkspaceNav />
          </Box>
        </Box>
      )}
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{ flex: 1, minWidth: 0, pt: narrow ? '64px' : 0, outline: 'none' }}
      >
        {children}
      </Box>
    </Box>
  );
}

/** The route layout of the admin pages (all but the admin login). */
export default function AdminLayout() {
  return (
    <AdminWorkspace>
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
      <Notices />
    </AdminWorkspace>
  );
}
