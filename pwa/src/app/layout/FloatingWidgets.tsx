import { Box } from '@mui/material';
import { ChatWidget } from '../../features/chat/ChatWidget.tsx';
import { CustomCursor } from '../../features/cursor/CustomCursor.tsx';
import { WhatsAppButton } from '../../features/whatsapp/WhatsAppButton.tsx';
import { WhisperWidget } from '../../features/whisper/WhisperWidget.tsx';
import { FLOATING_CONTROL, useFloatingControlsAside } from '../../shared/layout/floatingControls.ts';

/**
 * The widgets present on every page, in their own landmark. The floating controls wear a light
 * ring and a shadow (visible on dark sections too) and step aside, out of reach, by the footer and
 * while a field has focus.
 */
export default function FloatingWidgets() {
  const aside = useFloatingControlsAside();
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
          transform: 'translateY(24px)',
          visibility: 'hidden',
          pointerEvents: 'none',
          transition: 'opacity 200ms, transform 200ms, visibility 0s 200ms',
        },
      }}
    >
      <WhatsAppButton />
      <ChatWidget />
      <WhisperWidget />
      <CustomCursor />
    </Box>
  );
}
