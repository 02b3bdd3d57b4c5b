import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.tsx';
import type { ConfirmedDelete } from './useConfirmedDelete.ts';

/** The dialog that confirms a delete asked for through useConfirmedDelete; `text` names the row. */
export function ConfirmedDeleteDialog<T>({
  remove,
  title,
  text,
  confirmLabel,
}: {
  remove: ConfirmedDelete<T>;
  title: string;
  text: (row: T) => string;
  confirmLabel: string;
}) {
  return (
    <ConfirmDialog
      open={remove.open}
      title={title}
      text={remove.row === null ? '' : text(remove.row)}
      confirmLabel={confirmLabel}
      pending={remove.pending}
      onConfirm={remove.confirm}
      onCancel={remove.cancel}
      onClosed={remove.closed}
    />
  );
}
