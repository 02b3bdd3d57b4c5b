import { useEffect, useState } from 'react';

/** Class of each control that floats over the page ('Ask the coach', the chat and WhatsApp buttons). */
export const FLOATING_CONTROL = 'floating-control';

/** Room the page keeps free below its content for the floating controls (px, phone and wide). */
export const FLOATING_ROOM = { xs: '80px', md: '88px' } as const;

const isField = (el: Element | null) =>
  el instanceof HTMLElement && (el.matches('input, textarea, select') || el.isContentEditable);

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
    const onFocus = () => setTyping(isField(document.activeElement));
    document.addEventListener('focusin', onFocus);
    document.addEventListener('focusout', onFocus);
    return () => {
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('focusout', onFocus);
    };
  }, []);

  return nearFooter || typing;
}
