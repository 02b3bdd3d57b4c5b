import { useEffect, useRef } from 'react';
import { notify } from '../../shared/notices/store.ts';

type Notice = Parameters<typeof notify>[0];

/**
 * A notice raised as a dialog closes is shown once the dialog has closed: until then the page
 * behind it, the notice area included, is hidden from assistive technology, and a notice
 * inserted there would never be announced. Pass `shown` to the dialog's transition `onExited`.
 */
export function useNoticeAfterClose() {
  const pending = useRef<Notice | null>(null);
  const shown = () => {
    if (pending.current) notify(pending.current);
    pending.current = null;
  };
  // A dialog taken away before it finished closing still delivers its notice.
  const flush = useRef(shown);
  flush.current = shown;
  useEffect(() => () => flush.current(), []);
  return {
    afterClose: (notice: Notice) => {
      pending.current = notice;
    },
    shown,
  };
}
