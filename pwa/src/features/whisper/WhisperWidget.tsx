import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, IconButton, Paper, Typography, type PaperProps } from '@mui/material';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { WHISPERS_CLOSED_KEY, WHISPER_DISABLED_KEY } from '../../shared/config/site.ts';
import { FLOATING_CONTROL, floatingControlSx } from '../../shared/layout/floatingControls.ts';
import { useChat } from '../chat/index.ts';
import { whisperCoversSomething, whisperSpot } from './placement.ts';
import { WHISPER_DISPLAY_MS, createWhisperItems, type WhisperCondition, type WhisperItem } from './whispers.ts';
import { quoteSx } from '../../shared/theme.ts';

/** Screens too narrow for the labelled button beside the two round ones on the right. */
const NARROW_PHONE = '@media (max-width: 359.95px)';

function readFlag(storage: () => Storage, key: string): boolean {
  try {
    return storage().getItem(key) === 'true';
  } catch {
    return false;
  }
}

function storeFlag(storage: () => Storage, key: string) {
  try {
    storage().setItem(key, 'true');
  } catch {
    // Without storage the choice holds for this page view only.
  }
}

/**
 * Calls `check` at most once a frame while the page scrolls, or also (`andLayout`) while its
 * window resizes, its content or an element's attributes change, or a transition ends (the
 * floating controls coming back from aside); answers the way to stop.
 */
function onEachPageChangeFrame(check: () => void, andLayout = false): () => void {
  let frame = 0;
  const onChange = () => {
    if (!frame)
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        check();
      });
  };
  window.addEventListener('scroll', onChange, { passive: true });
  const layout = andLayout ? new MutationObserver(onChange) : undefined;
  if (andLayout) {
    window.addEventListener('resize', onChange);
    document.addEventListener('transitionend', onChange);
  }
  layout?.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  return () => {
    window.removeEventListener('scroll', onChange);
    window.removeEventListener('resize', onChange);
    document.removeEventListener('transitionend', onChange);
    layout?.disconnect();
    window.cancelAnimationFrame(frame);
  };
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

/** A whisper being placed: its text, and the element hovered when it is a hover whisper. */
interface Opening {
  item: WhisperItem;
  anchor: Element | null;
}

/** A whisper on the page, at a spot of the document (it scrolls with what it sits beside). */
interface Shown {
  item: WhisperItem;
  top: number;
  left: number;
}

function Bubble({
  text,
  onClose,
  onDisable,
  sx,
  ...props
}: PaperProps & { text: string; onClose?: () => void; onDisable?: () => void }) {
  return (
    <Paper
      elevation={8}
      {...props}
      sx={{
        position: 'absolute',
        width: 'min(300px, calc(100vw - 48px))',
        p: 1.5,
        pl: 2,
        pr: 5,
        borderRadius: 4,
        bgcolor: '#FFFDF8',
        border: '1px solid',
        borderColor: 'divider',
        ...sx,
      }}
    >
      <Typography sx={{ ...quoteSx, fontSize: '1.15rem', lineHeight: 1.35 }}>{text}</Typography>
      <IconButton
        size="small"
        aria-label="Close whisper"
        onClick={onClose}
        sx={{ position: 'absolute', top: 2, right: 2 }}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
      <Button size="small" onClick={onDisable} sx={{ mt: 0.25, ml: -1, minHeight: 32, color: 'text.secondary' }}>
        Disable
      </Button>
    </Paper>
  );
}

/**
 * Small comforting bubbles and the 'Ask the coach' button. Each whisper shows at most once, never
 * over another one, and hides after 8 s. A whisper opens only where it covers no control and no
 * text: beside the element hovered for the hover whisper, anywhere free on screen for the others
 * (one that finds no room waits for the visitor to scroll). Closing one ends them for the visit;
 * 'Disable' turns the widget off for good.
 */
export function WhisperWidget() {
  const [disabled, setDisabled] = useState(() => readFlag(() => window.localStorage, WHISPER_DISABLED_KEY));
  const closedForVisit = useRef(readFlag(() => window.sessionStorage, WHISPERS_CLOSED_KEY));
  const [opening, setOpening] = useState<Opening | null>(null);
  const [visible, setVisible] = useState<Shown | null>(null);
  const items = useRef<WhisperItem[]>(createWhisperItems());
  const busy = useRef(false);
  const waiting = useRef<string | null>(null);
  const hideTimer = useRef<number | undefined>(undefined);
  const measured = useRef<HTMLDivElement>(null);
  const shownBubble = useRef<HTMLDivElement>(null);
  const openChat = useChat((s) => s.openChat);

  const hide = useCallback(() => {
    window.clearTimeout(hideTimer.current);
    busy.current = false;
    setVisible(null);
  }, []);

  const show = useCallback(
    (id: string, anchor: Element | null = null) => {
      const item = items.current.find((i) => i.id === id);
      // A whisper that meets a visible one is not lost: scroll, hover and idle may fire again later.
      if (!item || item.shown || busy.current || closedForVisit.current) return;
      busy.current = true;
      setOpening({ item, anchor });
      window.clearTimeout(hideTimer.current);
      hideTimer.current = window.setTimeout(hide, WHISPER_DISPLAY_MS);
    },
    [hide],
  );

  // The whisper being opened is drawn unseen, measured, then placed where it covers nothing.
  useLayoutEffect(() => {
    if (!opening || !measured.current) return;
    const { item, anchor } = opening;
    const bubble = measured.current;
    setOpening(null);
    // Its time ran out before it could be drawn.
    if (!busy.current) return;
    const spot = whisperSpot({ width: bubble.offsetWidth, height: bubble.offsetHeight }, anchor, bubble);
    if (!spot) {
      window.clearTimeout(hideTimer.current);
      busy.current = false;
      if (item.trigger !== 'hover') waiting.current = item.id;
      return;
    }
    item.shown = true;
    if (waiting.current === item.id) waiting.current = null;
    setVisible({ item, top: spot.top + window.scrollY, left: spot.left + window.scrollX });
  }, [opening]);

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

  // Scroll whispers (the about section, the coaching section, half of the page), and a whisper
  // that found no room before.
  useEffect(() => {
    if (disabled) return;
    return onEachPageChangeFrame(() => {
      if (waiting.current) show(waiting.current);
      for (const item of items.current) {
        if (item.trigger === 'scroll' && !item.shown && item.condition && conditionMet(item.condition)) show(item.id);
      }
    });
  }, [disabled, show]);

  // The hover whisper: pointing at a coaching button; it opens beside that button.
  useEffect(() => {
    if (disabled) return;
    const onOver = (event: MouseEvent) => {
      const target = (event.target as Element | null)?.closest?.('[data-whisper-hover="coaching"]');
      if (target) show('hover-coaching', target);
    };
    document.addEventListener('mouseover', onOver);
    return () => document.removeEventListener('mouseover', onOver);
  }, [disabled, show]);

  // A whisper that comes to lie on a control or text is put away: the page scrolled under it, its
  // content moved (a late image, a form drawn), or the visitor went to another page.
  useEffect(() => {
    if (!visible) return;
    return onEachPageChangeFrame(() => {
      if (shownBubble.current && whisperCoversSomething(shownBubble.current)) hide();
    }, true);
  }, [visible, hide]);

  useEffect(() => () => window.clearTimeout(hideTimer.current), []);

  if (disabled) return null;

  const closeForVisit = () => {
    closedForVisit.current = true;
    storeFlag(() => window.sessionStorage, WHISPERS_CLOSED_KEY);
    hide();
  };

  const disable = () => {
    storeFlag(() => window.localStorage, WHISPER_DISABLED_KEY);
    hide();
    setDisabled(true);
  };

  return (
    <>
      {opening && (
        <Bubble ref={measured} aria-hidden text={opening.item.text} sx={{ top: 0, left: 0, visibility: 'hidden' }} />
      )}
      {/* Out of the flow, under the header and the floating buttons: a whisper moves nothing. */}
      <Box aria-live="polite">
        {visible && (
          <Bubble
            key={visible.item.id}
            ref={shownBubble}
            role="status"
            data-whisper-bubble
            text={visible.item.text}
            onClose={closeForVisit}
            onDisable={disable}
            sx={{
              top: visible.top,
              left: visible.left,
              zIndex: (t) => t.zIndex.fab - 1,
              animation: 'whisper-in 400ms ease-out',
              '@keyframes whisper-in': { from: { opacity: 0 }, to: { opacity: 1 } },
            }}
          />
        )}
      </Box>
      <Button
        variant="contained"
        className={FLOATING_CONTROL}
        onClick={openChat}
        aria-label="Ask the coach"
        startIcon={<AutoAwesomeIcon />}
        sx={{
          ...floatingControlSx('left', { xs: 16, md: 24 }),
          bgcolor: 'primary.dark',
          '&:hover': { bgcolor: 'primary.main' },
          // On the narrowest phones the label would run into the chat button: a round icon, as the others.
          [NARROW_PHONE]: {
            width: 56,
            minWidth: 56,
            height: 56,
            p: 0,
            borderRadius: '50%',
            '& .MuiButton-startIcon': { m: 0 },
            '& .ask-label': { display: 'none' },
          },
        }}
      >
        <span className="ask-label">Ask the coach</span>
      </Button>
    </>
  );
}
