import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest, failureNotice } from '../../shared/api/client.ts';
import { useNoticeAfterClose } from './useNoticeAfterClose.ts';

/**
 * A delete that is asked for, confirmed in a dialog, then sent; its success and failure notices.
 * The chosen row stays set while the dialog closes, so its text does not change mid-animation.
 */
export function useConfirmedDelete<T>({
  path,
  successTitle,
  failureTitle,
  onDeleted,
}: {
  path: (row: T) => string;
  successTitle: string;
  failureTitle: string;
  onDeleted: () => Promise<void>;
}) {
  const [state, setState] = useState<{ row: T | null; open: boolean }>({ row: null, open: false });
  const close = () => setState((s) => ({ ...s, open: false }));
  const notice = useNoticeAfterClose();
  const remove = useMutation({
    mutationFn: (row: T) => apiRequest('DELETE', path(row)),
    onSuccess: async () => {
      notice.afterClose({ title: successTitle });
      await onDeleted();
    },
    onError: (error) => notice.afterClose(failureNotice(failureTitle, error)),
    onSettled: close,
  });
  return {
    row: state.row,
    open: state.open,
    pending: remove.isPending,
    ask: (row: T) => setState({ row, open: true }),
    confirm: () => {
      if (state.row !== null) remove.mutate(state.row);
    },
    cancel: close,
    /** For the confirmation dialog's transition `onExited`. */
    closed: notice.shown,
  };
}

export type ConfirmedDelete<T> = ReturnType<typeof useConfirmedDelete<T>>;
