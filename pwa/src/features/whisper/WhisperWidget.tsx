import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, IconButton, Paper, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { WHISPER_DISABLED_KEY } from '../../shared/config/site.ts';
import { useChat } from '../chat/store.ts';
import { WHISPER_DISPLAY_MS, createWhisperItems, type WhisperCondition, type WhisperItem } from './whispers.ts';

function readDisabled(): boolean {
  try {
    return window.localStorage.getItem(WHISPER_DISABLED_KEY) === 'true';
  } catch {
    return false;
  }
}

/** True when the marked section (or half the page) is in view. */
function conditionMet(condition: WhisperCondition): boolean {
  if (condition === '50%') {
    const scrollable = document.documentElement.scrollHeight - window.innerHeight;
    return scrollable > 0 && window.scrollY / scrollable >= 0.5;
  }
  const el = document.querySelector(`[data-whisper-section="${condition}"]`);
  if (!el) return false;
  const rect = el.getBoundingClientRect();
  return rect.top < window.innerHeight && rect.bottom > 0;
}

/**
 * Small comforting bubbles and the 'Ask the coach' button. Each whisper shows
 * at most once, never over another one, and hides after 8 s; 'Disable' turns the widget off for good.
 */
export function WhisperWidget() {
  const [disabled, setDisabled] = useState(readDisabled);
  const [visible, setVisible] = useState<WhisperItem | null>(null);
  const items = useRef<WhisperItem[]>(createWhisperItems());
  const visibleRef = useRef<WhisperItem | null>(null);
  const hideTimer = useRef<number | undefined>(undefined);
  const openChat = useChat((s) => s.openChat);

  const hide = useCallback(() => {
    window.clearTimeout(hideTimer.current);
    visibleRef.current = null;
    setVisible(null);
  }, []);

  const show = useCallback(
    (id: string) => {
      const item = items.current.find((i) => i.id === id);
      // A whisper that meets a visible one is not lost: scroll, hover and idle may fire again later.
      if (!item || item.shown || visibleRef.current) return;
      item.shown = true;
      visibleRef.current = item;
      setVisible(item);
      window.clearTimeout(hideTimer.current);
      hideTimer.current = window.setTimeout(hide, WHISPER_DISPLAY_MS);
    },
    [hide],
  );

  // Time whispers, counted from page load.
  useEffect(() => {
    if (disabled) return;
    const timers = items.current
      .filter((i) => i.trigger === 'time' && !i.shown)
      .map((i) => window.setTimeout(() => show(i.id), i.delay));
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, [disabled, show]);

  // The idle whisper: 60 s without mouse move, scroll, click or key press.
  useEffect(() => {
    if (disabled) return;
    const idle = items.current.find((i) => i.trigger === 'idle');
    if (!idle) return;
    let timer = 0;
    const arm = () => {
      window.clearTimeout(timer);
      if (!idle.shown) timer = window.setTimeout(() => show(idle.id), idle.delay);
    };
    const events = ['mousemove', 'scroll', 'click', 'keydown'] as const;
    events.forEach((e) => window.addEventListener(e, arm, { passive: true }));
    arm();
    return () => {
      window.clearTimeout(timer);
      events.forEach((e) => window.removeEventListener(e, arm));
    };
  }, [disabled, show]);

  // Scroll whispers: the about section, the coaching section, half of the page.
  useEffect(() => {
    if (disabled) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      for (const item of items.current) {
        if (item.trigger === 'scroll' && !item.shown && item.condition && conditionMet(item.condition)) show(item.id);
      }
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(check);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.cancelAnimationFrame(frame);
    };
  }, [disabled, show]);

  // The hover whisper: pointing at a coaching button.
  useEffect(() => {
    if (disabled) return;
    const onOver = (event: MouseEvent) => {
      if ((event.target as Element | null)?.closest?.('[data-whisper-hover="coaching"]')) show('hover-coaching');
    };
    document.addEventListener('mouseover', onOver);
    return () => document.removeEventListener('mouseover', onOver);
  }, [disabled, show]);

  useEffect(() => () => window.clearTimeout(hideTimer.current), []);

  if (disabled) return null;

  const disable = () => {
    try {
      window.localStorage.setItem(WHISPER_DISABLED_KEY, 'true');
    } catch {
      // Without storage the widget stays off for this page view only.
    }
    hide();
    setDisabled(true);
  };

  return (
    <Box
      sx={{
        position: 'fixed',
        left: { xs: 16, md: 24 },
        bottom: { xs: 16, md: 24 },
        zIndex: 1200,
        display: 'flex',
        maxWidth: 'min(320px, calc(100vw - 104px))',
      }}
    >
      {/* Above the button, out of the flow: a whisper appearing moves nothing (no layout shift). */}
      <Box
        aria-live="polite"
        sx={{ position: 'absolute', left: 0, bottom: 'calc(100% + 12px)', width: 'min(320px, calc(100vw - 104px))' }}
      >
        {visible && (
          <Paper
            key={visible.id}
            role="status"
            elevation={8}
            sx={{
              p: 2,
              pr: 5,
              borderRadius: 4,
              borderBottomLeftRadius: 1,
              position: 'relative',
              bgcolor: '#FFFDF8',
              border: '1px solid',
              borderColor: 'divider',
              animation: 'whisper-in 400ms ease-out',
              '@keyframes whisper-in': {
                from: { opacity: 0, transform: 'translateY(10px) scale(0.97)' },
                to: { opacity: 1, transform: 'none' },
              },
            }}
          >
            <Typography
              sx={{
                fontFamily: (t) => t.typography.h1.fontFamily,
                fontSize: '1.2rem',
                fontStyle: 'italic',
                lineHeight: 1.4,
                color: 'primary.dark',
              }}
            >
              {visible.text}
            </Typography>
            <IconButton
              size="small"
              aria-label="Close whisper"
              onClick={hide}
              sx={{ position: 'absolute', top: 2, right: 2 }}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
            <Button size="small" onClick={disable} sx={{ mt: 0.5, ml: -1, minHeight: 32, color: 'text.secondary' }}>
              Disable
            </Button>
          </Paper>
        )}
      </Box>
      <Button
        variant="contained"
        onClick={openChat}
        startIcon={<AutoAwesomeIcon />}
        sx={{ boxShadow: 6, bgcolor: 'primary.dark', '&:hover': { bgcolor: 'primary.main' } }}
      >
        Ask the coach
      </Button>
    </Box>
  );
}
