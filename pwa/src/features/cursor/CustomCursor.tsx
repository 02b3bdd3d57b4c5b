import { Box } from '@mui/material';
import { useEffect, useRef } from 'react';
import logoUrl from '../../assets/logo.svg';
import { useReducedMotion, useTouchDevice } from '../../shared/hooks/useMediaFlags.ts';

/**
 * A small logo that follows the pointer beside the system cursor (which stays visible for
 * usability). Off on touch devices and for visitors who prefer reduced motion.
 */
export function CustomCursor() {
  const touch = useTouchDevice();
  const reduced = useReducedMotion();
  const enabled = !touch && !reduced;
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!enabled) return;
    let frame = 0;
    let x = 0;
    let y = 0;
    const paint = () => {
      frame = 0;
      if (ref.current) ref.current.style.transform = `translate3d(${x + 14}px, ${y + 14}px, 0)`;
    };
    const onMove = (e: PointerEvent) => {
      if (e.pointerType !== 'mouse') return;
      x = e.clientX;
      y = e.clientY;
      if (ref.current) ref.current.style.opacity = '1';
      if (!frame) frame = window.requestAnimationFrame(paint);
    };
    const onLeave = () => {
      if (ref.current) ref.current.style.opacity = '0';
    };
    window.addEventListener('pointermove', onMove, { passive: true });
    document.documentElement.addEventListener('mouseleave', onLeave);
    return () => {
      window.removeEventListener('pointermove', onMove);
      document.documentElement.removeEventListener('mouseleave', onLeave);
      window.cancelAnimationFrame(frame);
    };
  }, [enabled]);

  if (!enabled) return null;
  return (
    <Box
      ref={ref}
      data-testid="custom-cursor"
      aria-hidden
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        width: 22,
        height: 22,
        pointerEvents: 'none',
        zIndex: 2100,
        opacity: 0,
        transition: 'opacity 200ms',
        willChange: 'transform',
        filter: 'drop-shadow(0 2px 4px rgba(47,27,58,0.35))',
      }}
    >
      <img src={logoUrl} alt="" width={22} height={22} />
    </Box>
  );
}
