import { Box } from '@mui/material';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAfterLoad } from '../../shared/hooks/useAfterLoad.ts';
import { Notices } from '../../shared/notices/Notices.tsx';
import { PwaStatus } from '../../shared/pwa/PwaStatus.tsx';
import { FLOATING_ROOM } from '../../shared/layout/floatingControls.ts';
import { PageFallback } from '../../shared/ui/PageFallback.tsx';
import { useInsightsBeacon } from '../../features/insights/index.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

// Not needed for the first paint, nor in the prerendered HTML: the widgets float over the page.
const FloatingWidgets = lazy(() => import('./FloatingWidgets.tsx'));

/**
 * The widgets, mounted once the page is loaded and idle, so their styles and queries stay out of
 * the start-up's long tasks. A component of its own: that moment re-renders it alone, not the
 * whole layout and page around it.
 */
function FloatingWidgetsOnceIdle() {
  const afterLoad = useAfterLoad();
  return afterLoad ? (
    <Suspense fallback={null}>
      <FloatingWidgets />
    </Suspense>
  ) : null;
}

/**
 * A prerendered page ignores taps (src/prerender) until its own code has loaded and hydrated: a
 * tap before would be lost. Its forms take taps at once: the page's HTML posts them. Rendered
 * beside the page, inside its boundary, so this effect runs then.
 */
function AcceptTapsOnceHydrated() {
  useEffect(() => {
    document.getElementById('root')?.style.removeProperty('pointer-events');
  }, []);
  return null;
}

/** Every page: header, main content with its transition, footer, floating widgets, notices. */
export function Layout() {
  const { pathname } = useLocation();
  useInsightsBeacon();
  // The first page shown does not fade in: a transition is between pages, and an entering page
  // would hold back its largest paint.
  const [firstPath] = useState(pathname);
  const [transition, setTransition] = useState(false);
  if (!transition && pathname !== firstPath) setTransition(true);

  // A page the reader goes on to opens at its top. The first one stays where the browser put it
  // (its top, the section its address names, or where a reload left it): scrolled away and back
  // once the app starts, a shared link's section would jump.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
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
      {/* Hydrated apart from the page (see Section). */}
      <Suspense>
        <Header />
      </Suspense>
      <PwaStatus />
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{ flex: 1, pt: { xs: '68px', lg: '84px' }, pb: FLOATING_ROOM, outline: 'none' }}
      >
        {/* Keyed by path so each page enters with its own transition (off with reduced motion). */}
        <Box
          key={pathname}
          sx={{
            animation: transition ? 'page-enter 420ms cubic-bezier(0.2, 0.7, 0.2, 1)' : 'none',
            '@keyframes page-enter': {
              from: { opacity: 0, transform: 'translateY(14px)' },
              to: { opacity: 1, transform: 'none' },
            },
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }}
        >
          <Suspense fallback={<PageFallback />}>
            <Outlet />
            <AcceptTapsOnceHydrated />
          </Suspense>
        </Box>
      </Box>
      {/* Prerendered with the page, and hydrated apart from it: its styles come with the HTML. */}
      <Suspense>
        <Footer />
      </Suspense>
      <FloatingWidgetsOnceIdle />
      <Notices />
    </Box>
  );
}
