import { useEffect, useRef, useState } from 'react';

/**
 * After a refused submit, keyboard and screen-reader users land on the first field to fix:
 * put `ref` on the form and call `refused()` when validation fails. `refusedOnArrival`: the page
 * itself is the answer to a refused submit (posted before or without the app), so the first field
 * to fix takes the focus as the app starts.
 */
export function useFocusFirstInvalid<T extends HTMLElement = HTMLFormElement>(refusedOnArrival = false) {
  const ref = useRef<T>(null);
  const [refusals, setRefusals] = useState(refusedOnArrival ? 1 : 0);
  useEffect(() => {
    if (refusals) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  return { ref, refused: () => setRefusals((n) => n + 1) };
}
