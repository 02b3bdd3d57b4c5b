import type { Theme } from '@mui/material/styles';
import { useEffect, useState } from 'react';

/** Class of each control that floats over the page ('Ask the coach', the chat and WhatsApp buttons). */
export const FLOATING_CONTROL = 'floating-control';

/**
 * Where a floating control stands: fixed at the bottom of the screen, `offset` from its left or
 * right edge (px, phone and wide), above the page.
 */
export const floatingControlSx = (side: 'left' | 'right', offset: { xs: number; md: number }) => ({
  position: 'fixed' as const,
  [side]: offset,
  bottom: { xs: 16, md: 24 },
  zIndex: (t: Theme) => t.zIndex.speedDial,
});

/** Room the page keeps free below its content for the floating controls (px, phone and wide). */
export const FLOATING_ROOM = { xs: '80px', md: '88px' } as const;

/** How far the controls drop, unseen, when they step aside; they come back up to where they were. */
export const ASIDE_DROP_PX = 24;

/**
 * How long the controls stay aside after a field loses focus: that moment is often the press of
 * the form's own button, and controls coming back under the pointer mid-click would take it.
 */
const RETURN_AFTER_MS = 500;

const isField = (el: Element | null) =>
  el instanceof HTMLElement && (el.matches('input, textarea, select') || el.isContentEditable === true);

/**
 * Whether the floating controls should step aside: while the footer (with its own booking and
 * messaging buttons) is on screen, and while a form field has focus (a phone's keyboard is up and
 * the field and its neighbours need the room).
 */
export function useFloatingControlsAside(): boolean {
  const [nearFooter, setNearFooter] = useState(false);
  const [typing, setTyping] = useState(() => isField(document.activeElement));

  useEffect(() => {
    const footer = document.querySelector('footer');
    if (!footer || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setNearFooter(Boolean(entry?.isIntersecting)));
    observer.observe(footer);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    let returning: ReturnType<typeof setTimeout> | undefined;
    // Aside at once when a field takes focus; back only a moment after focus has left the fields.
    const onFocusChange = () => {
      clearTimeout(returning);
      if (isField(document.activeElement)) setTyping(true);
      else returning = setTimeout(() => setTyping(isField(document.activeElement)), RETURN_AFTER_MS);
    };
    document.addEventListener('focusin', onFocusChange);
    document.addEventListener('focusout', onFocusChange);
    return () => {
      clearTimeout(returning);
      document.removeEventListener('focusin', onFocusChange);
      document.removeEventListener('focusout', onFocusChange);
    };
  }, []);

  return nearFooter || typing;
}
