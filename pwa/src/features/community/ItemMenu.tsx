import { REPORT_REASONS, type CircleItemKind, type ReportReason } from '@coach/contracts';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Menu,
  MenuItem,
  Radio,
  RadioGroup,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { apiRequest, failureNotice, postJson } from '../../shared/api/client.ts';
import { notify } from '../../shared/notices/store.ts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.tsx';
import { dialogTitleSx } from '../../shared/ui/dialogTitleSx.ts';
import { refreshFeed } from './queries.ts';

const PATHS: Record<CircleItemKind, string> = { post: '/api/community/posts', reply: '/api/community/replies' };

/**
 * The "more" menu of a post or a reply, and the dialog it leads to (delete for its author, report
 * for any other member): a chunk of its own, loaded the first time the menu is opened.
 */
export default function ItemMenu({
  kind,
  id,
  mine,
  menuId,
  anchor,
  onMenuClose,
}: {
  kind: CircleItemKind;
  id: string;
  mine: boolean;
  menuId: string;
  anchor: HTMLElement | null;
  onMenuClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [dialogOpen, setDialogOpen] = useState(false);

  const remove = useMutation({
    mutationFn: () => apiRequest('DELETE', `${PATHS[kind]}/${id}`),
    onSuccess: async () => {
      notify({ title: kind === 'post' ? 'Post deleted' : 'Reply deleted' });
      await refreshFeed(queryClient);
    },
    onError: (error) => notify(failureNotice(`Could not delete the ${kind}`, error)),
    onSettled: () => setDialogOpen(false),
  });

  return (
    <>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={onMenuClose}>
        <MenuItem
          onClick={() => {
            onMenuClose();
            setDialogOpen(true);
          }}
        >
          {mine ? 'Delete' : 'Report'} {kind}
        </MenuItem>
      </Menu>
      {mine ? (
        <ConfirmDialog
          open={dialogOpen}
          title={`Delete this ${kind}?`}
          text={
            kind === 'post'
              ? 'Your post and every reply under it will be removed from the circle.'
              : 'Your reply will be removed from the thread.'
          }
          confirmLabel="Delete"
          pending={remove.isPending}
          onConfirm={() => remove.mutate()}
          onCancel={() => setDialogOpen(false)}
        />
      ) : (
        <ReportDialog kind={kind} id={id} open={dialogOpen} onClose={() => setDialogOpen(false)} />
      )}
    </>
  );
}

function ReportDialog({
  kind,
  id,
  open,
  onClose,
}: {
  kind: CircleItemKind;
  id: string;
  open: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const report = useMutation({
    mutationFn: (chosen: ReportReason) => postJson(`${PATHS[kind]}/${id}/report`, { reason: chosen }),
    onSuccess: () => {
      notify({ title: 'Thank you for telling us', description: 'The coach will look at it.' });
      onClose();
    },
    onError: (error) => notify(failureNotice('Could not send the report', error)),
  });
  return (
    <Dialog
      open={open}
      onClose={report.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      slotProps={{ transition: { onExited: () => setReason('') } }}
    >
      <DialogTitle id={titleId} sx={dialogTitleSx}>
        Report this {kind}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1.5 }}>Only the coach sees reports. What is wrong with it?</DialogContentText>
        <RadioGroup
          aria-labelledby={titleId}
          value={reason}
          onChange={(event) => setReason(event.target.value as ReportReason)}
        >
          {Object.entries(REPORT_REASONS).map(([value, label]) => (
            <FormControlLabel key={value} value={value} control={<Radio />} label={label} />
          ))}
        </RadioGroup>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={report.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={!reason || report.isPending}
          onClick={() => reason && report.mutate(reason)}
        >
          {report.isPending ? 'Sending...' : 'Report'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
