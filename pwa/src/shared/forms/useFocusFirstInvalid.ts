import { useEffect, useRef, useState } from 'react';

/**
 * After a refused submit, keyboard and screen-reader users land on the first field to fix:
 * put `ref` on the form and call `refused()` when validation fails.
 */
export function useFocusFirstInvalid<T extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<T>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  return { ref, refused: () => setRefusals((n) => n + 1) };
}
