import { useCallback, useEffect, useRef, useState } from 'react';

/** The band below the fixed header in which a section counts as the one being read. */
const READING_BAND = '-112px 0px -55% 0px';
/** What the reader does to scroll by hand; it ends the highlight pinned by a chosen link. */
const MANUAL_SCROLL_EVENTS = ['wheel', 'touchmove', 'keydown'] as const;

/**
 * The section the reader is in: the first one crossing a band just below the fixed header,
 * observed with an IntersectionObserver. The section the page opened at (`arrival`, from the
 * address) or a link the reader chooses stays pinned until they scroll by hand, so that a short
 * last section, which cannot reach the top, stays highlighted.
 */
export function useActiveSection(ids: readonly string[], arrival: string | undefined) {
  const [active, setActive] = useState(arrival ?? ids[0]);
  const pinned = useRef(arrival !== undefined);

  useEffect(() => {
    const visible = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target.id);
          else visible.delete(entry.target.id);
        }
        const first = ids.find((id) => visible.has(id));
        if (first && !pinned.current) setActive(first);
      },
      { rootMargin: READING_BAND },
    );
    for (const id of ids) {
      const section = document.getElementById(id);
      if (section) observer.observe(section);
    }
    const unpin = () => {
      pinned.current = false;
    };
    for (const type of MANUAL_SCROLL_EVENTS) window.addEventListener(type, unpin, { passive: true });
    return () => {
      observer.disconnect();
      for (const type of MANUAL_SCROLL_EVENTS) window.removeEventListener(type, unpin);
    };
  }, [ids]);

  const choose = useCallback((id: string) => {
    pinned.current = true;
    setActive(id);
  }, []);

  return [active, choose] as const;
}
