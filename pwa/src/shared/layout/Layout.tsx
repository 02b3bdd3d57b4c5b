import { Box, CircularProgress } from '@mui/material';
import { Suspense, lazy, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAfterLoad } from '../hooks/useAfterLoad.ts';
import { Notices } from '../notices/Notices.tsx';
import { PwaStatus } from '../pwa/PwaStatus.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

// The floating widgets are not needed for the first paint: they load once the page is loaded and
// idle, so their code and rendering stay out of the startup's long tasks.
const FloatingWidgets = lazy(() => import('./FloatingWidgets.tsx'));

export function PageFallback() {
  // A full viewport high, so the footer stays below the fold until the page arrives (no layout shift).
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
      <CircularProgress aria-label="Loading page" />
    </Box>
  );
}

/** Every page: header, main content with its transition, footer, floating widgets, notices. */
export function Layout() {
  const { pathname } = useLocation();
  const widgetsReady = useAfterLoad();

  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'instant' as ScrollBehavior });
  }, [pathname]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          left: 12,
          top: -60,
          zIndex: 2000,
          bgcolor: 'primary.main',
          color: '#fff',
          px: 2,
          py: 1,
          borderRadius: 2,
          '&:focus': { top: 12 },
        }}
      >
        Skip to content
      </Box>
      <Header />
      <PwaStatus />
      <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, pt: { xs: '68px', lg: '84px' }, outline: 'none' }}>
        {/* Keyed by path so each page enters with its own transition (off with reduced motion). */}
        <Box
          key={pathname}
          sx={{
            animation: 'page-enter 420ms cubic-bezier(0.2, 0.7, 0.2, 1)',
            '@keyframes page-enter': {
              from: { opacity: 0, transform: 'translateY(14px)' },
              to: { opacity: 1, transform: 'none' },
            },
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }}
        >
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
      <Footer />
      {widgetsReady && (
        <Suspense fallback={null}>
          <FloatingWidgets />
        </Suspense>
      )}
      <Notices />
    </Box>
  );
}
