import { useEffect, useState } from 'react';

function useMatch(query: string): boolean {
  const get = () =>
    typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  const [matches, setMatches] = useState(get);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const onChange = () => setMatches(list.matches);
    onChange();
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}

export const useReducedMotion = (): boolean => useMatch('(prefers-reduced-motion: reduce)');

/** A device whose main pointer is a finger (no hover): no custom cursor there. */
export const useTouchDevice = (): boolean => useMatch('(hover: none), (pointer: coarse)');
