import CloseIcon from '@mui/icons-material/Close';
import { Box, IconButton, Paper, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { NOTICE_DURATION_MS, NOTICE_SWIPE_THRESHOLD_PX, useNotices } from './store.ts';

/**
 * The notification area: one notice at a time, gone after 5000 ms of a page in view, on Escape or
 * on a swipe of 50 px; F8 moves keyboard focus into the area.
 */
export function Notices() {
  const notice = useNotices((s) => s.notice);
  const dismiss = useNotices((s) => s.dismiss);
  const pageLoading = useNotices((s) => s.pagesLoading > 0);
  const regionRef = useRef<HTMLElement>(null);
  const [dragX, setDragX] = useState(0);
  const dragStart = useRef<number | null>(null);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (!notice || paused || pageLoading) return;
    const timer = window.setTimeout(dismiss, NOTICE_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [notice, paused, pageLoading, dismiss]);

  useEffect(() => {
    setDragX(0);
    dragStart.current = null;
  }, [notice]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        regionRef.current?.focus();
      } else if (event.key === 'Escape' && useNotices.getState().notice) {
        dismiss();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dismiss]);

  const destructive = notice?.variant === 'destructive';

  return (
    <Box
      component="section"
      ref={regionRef}
      tabIndex={-1}
      aria-label="Notifications (F8)"
      sx={{
        position: 'fixed',
        zIndex: (t) => t.zIndex.snackbar,
        top: { xs: 72, sm: 'auto' },
        // Above the round chat and messaging buttons of the bottom-right corner, not over them.
        bottom: { sm: 96 },
        right: { xs: 12, sm: 24 },
        left: { xs: 12, sm: 'auto' },
        width: { sm: 380 },
        outline: 'none',
        pointerEvents: notice ? 'auto' : 'none',
      }}
    >
      {notice && (
        <Paper
          key={notice.id}
          role={destructive ? 'alert' : 'status'}
          aria-live={destructive ? 'assertive' : 'polite'}
          elevation={6}
          onMouseEnter={() => setPaused(true)}
          onMouseLeave={() => setPaused(false)}
          onPointerDown={(e) => {
            dragStart.current = e.clientX;
          }}
          onPointerMove={(e) => {
            if (dragStart.current !== null) setDragX(e.clientX - dragStart.current);
          }}
          onPointerUp={() => {
            if (Math.abs(dragX) >= NOTICE_SWIPE_THRESHOLD_PX) dismiss();
            else setDragX(0);
            dragStart.current = null;
          }}
          onPointerCancel={() => {
            dragStart.current = null;
            setDragX(0);
          }}
          sx={{
            display: 'flex',
            gap: 1.5,
            alignItems: 'flex-start',
            p: 2,
            pr: 1,
            borderRadius: 3,
            touchAction: 'pan-y',
            transform: `translateX(${dragX}px)`,
            opacity: 1 - Math.min(Math.abs(dragX) / 200, 0.6),
            bgcolor: destructive ? 'error.main' : 'background.paper',
            color: destructive ? 'error.contrastText' : 'text.primary',
            borderLeft: destructive ? 'none' : '4px solid',
            borderColor: 'primary.main',
            animation: 'notice-in 240ms ease-out',
            '@keyframes notice-in': {
              from: { opacity: 0, transform: 'translateY(12px)' },
              to: { opacity: 1, transform: 'translateY(0)' },
            },
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700 }}>{notice.title}</Typography>
            {notice.description && (
              <Typography variant="body2" sx={{ mt: 0.5, opacity: 0.92 }}>
                {notice.description}
              </Typography>
            )}
          </Box>
          <IconButton size="small" aria-label="Dismiss notification" onClick={dismiss} sx={{ color: 'inherit' }}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Paper>
      )}
    </Box>
  );
}
