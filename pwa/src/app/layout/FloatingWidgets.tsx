import { Box } from '@mui/material';
import { startTransition, useEffect, useState } from 'react';
import { ChatWidget } from '../../features/chat/ChatWidget.tsx';
import { CustomCursor } from '../../features/cursor/CustomCursor.tsx';
import { WhatsAppButton } from '../../features/whatsapp/WhatsAppButton.tsx';
import { WhisperWidget } from '../../features/whisper/WhisperWidget.tsx';
import { afterLoad } from '../../shared/hooks/useAfterLoad.ts';
import { ASIDE_DROP_PX, FLOATING_CONTROL, useFloatingControlsAside } from '../../shared/layout/floatingControls.ts';

/** In the order they come, one at a time. */
const WIDGETS = [
  ['whatsapp', WhatsAppButton],
  ['chat', ChatWidget],
  ['whisper', WhisperWidget],
  ['cursor', CustomCursor],
] as const;

/**
 * How many widgets are mounted: one more each time the main thread is idle. Mounted together,
 * their first styles, DOM and layout made one long task (135 ms on a phone's CPU) that a tap
 * could not interrupt; one at a time, each is short.
 */
function useWidgetsMounted(): number {
  const [mounted, setMounted] = useState(1);
  useEffect(() => {
    if (mounted < WIDGETS.length) return afterLoad(() => startTransition(() => setMounted(mounted + 1)));
  }, [mounted]);
  return mounted;
}

/**
 * The widgets present on every page, in their own landmark. The floating controls wear a light
 * ring and a shadow (visible on dark sections too) and step aside, out of reach, by the footer and
 * while a field has focus.
 */
export default function FloatingWidgets() {
  const aside = useFloatingControlsAside();
  const mounted = useWidgetsMounted();
  return (
    <Box
      component="aside"
      aria-label="Help and chat"
      data-stepped-aside={aside}
      sx={{
        [`& .${FLOATING_CONTROL}`]: {
          boxShadow: '0 6px 18px rgba(47, 27, 58, 0.45)',
          transition: 'opacity 200ms, transform 200ms, visibility 0s',
        },
        [`& .${FLOATING_CONTROL}:not(:focus-visible)`]: { outline: '2px solid rgba(255, 255, 255, 0.9)' },
        [`&[data-stepped-aside="true"] .${FLOATING_CONTROL}`]: {
          opacity: 0,
          transform: `translateY(${ASIDE_DROP_PX}px)`,
          visibility: 'hidden',
          pointerEvents: 'none',
          transition: 'opacity 200ms, transform 200ms, visibility 0s 200ms',
        },
      }}
    >
      {WIDGETS.slice(0, mounted).map(([name, Widget]) => (
        <Widget key={name} />
      ))}
    </Box>
  );
}
