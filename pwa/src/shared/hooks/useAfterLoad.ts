import { startTransition, useEffect, useState } from 'react';

/** Runs `fn` once the page has loaded and the main thread is idle (at most 2 s later). */
export function afterLoad(fn: () => void): () => void {
  let idle = 0;
  let timer = 0;
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(fn, { timeout: 2000 });
    else timer = window.setTimeout(fn, 200);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle) window.cancelIdleCallback(idle);
    window.clearTimeout(timer);
  };
}

/** False until the page has loaded and gone idle: for what the first paint does not need. */
export function useAfterLoad(): boolean {
  const [ready, setReady] = useState(false);
  // At transition priority: what it mounts renders in short, interruptible steps.
  useEffect(() => afterLoad(() => startTransition(() => setReady(true))), []);
  return ready;
}
