import { CONTACT_SUBJECTS, type ContactMessage } from '@coach/contracts';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { apiRequest, failureNotice } from '../../shared/api/client.ts';
import { notify } from '../../shared/notices/store.ts';
import { PagedAdminList, TabHeading, type PagedListTexts } from './AdminList.tsx';
import { formatLongDate } from '../../shared/dates.ts';
import { dialogTitleSx } from '../../shared/ui/dialogTitleSx.ts';
import { MESSAGES_KEY } from './queries.ts';
import type { Column } from './ResponsiveTable.tsx';
import { EmailAddress } from '../../shared/ui/EmailAddress.tsx';

/** A subject value of the contact form as its label ('retreat' -> 'Retreat Information'). */
export const subjectLabel = (subject: string): string =>
  CONTACT_SUBJECTS[subject as keyof typeof CONTACT_SUBJECTS] ?? subject;

const COLUMNS: readonly Column<ContactMessage>[] = [
  {
    label: 'Name',
    render: (m) => (
      <>
        {m.name}
        {!m.readAt && <Chip size="small" color="secondary" label="Unread" sx={{ ml: 1, fontWeight: 700 }} />}
      </>
    ),
  },
  { label: 'Email', render: (m) => <EmailAddress email={m.email} /> },
  { label: 'Subject', render: (m) => subjectLabel(m.subject) },
  { label: 'Received', render: (m) => formatLongDate(m.createdAt) },
];

/** Marks a message read or unread on the server, then refreshes the list and its unread count. */
function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ message, read }: { message: ContactMessage; read: boolean }) =>
      apiRequest('PATCH', `${MESSAGES_KEY[0]}/${encodeURIComponent(message.id)}`, { read }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }),
    onError: (error) => notify(failureNotice('Failed to update the message', error)),
  });
}

const LIST_TEXTS: PagedListTexts = {
  search: 'Search messages',
  what: 'the messages',
  emptyTitle: 'No messages yet',
  emptyText: 'Messages sent through the contact form will appear here.',
  table: 'Contact messages',
};

/** Contact messages, newest first, unread ones in bold; opening one marks it read. */
export function MessagesTab() {
  const [detail, setDetail] = useState<{ message: ContactMessage | null; open: boolean }>({
    message: null,
    open: false,
  });
  const markRead = useMarkRead();
  const open = (message: ContactMessage) => {
    setDetail({ message, open: true });
    if (!message.readAt) markRead.mutate({ message, read: true });
  };
  const close = () => setDetail((d) => ({ ...d, open: false }));

  return (
    <>
      <TabHeading title="Messages" />
      <PagedAdminList
        path={MESSAGES_KEY[0]}
        texts={LIST_TEXTS}
        columns={COLUMNS}
        rowKey={(m) => m.id}
        emphasized={(m) => !m.readAt}
        actions={(m) => (
          <Button size="small" variant="outlined" onClick={() => open(m)} aria-label={`View message from ${m.name}`}>
            View
          </Button>
        )}
      />
      <MessageDialog
        message={detail.message}
        open={detail.open}
        onClose={close}
        onMarkUnread={(message) => {
          markRead.mutate({ message, read: false });
          close();
        }}
      />
    </>
  );
}

function MessageDialog({
  message,
  open,
  onClose,
  onMarkUnread,
}: {
  message: ContactMessage | null;
  open: boolean;
  onClose: () => void;
  onMarkUnread: (message: ContactMessage) => void;
}) {
  const id = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  if (!message) return null;
  const subject = subjectLabel(message.subject);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${id}-title`}
    >
      <DialogTitle id={`${id}-title`} sx={dialogTitleSx}>
        {subject}
      </DialogTitle>
      <DialogContent dividers>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, m: 0, mb: 2.5 }}
        >
          <Typography component="dt" sx={{ fontWeight: 700, color: 'text.secondary' }}>
            From
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {message.name}
          </Typography>
          <Typography component="dt" sx={{ fontWeight: 700, color: 'text.secondary' }}>
            Email
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            <Link href={`mailto:${message.email}`}>
              <EmailAddress email={message.email} />
            </Link>
          </Typography>
          <Typography component="dt" sx={{ fontWeight: 700, color: 'text.secondary' }}>
            Received
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {formatLongDate(message.createdAt)}
          </Typography>
        </Box>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.message}</Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button
          component="a"
          href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${subject}`)}`}
          variant="contained"
        >
          Reply by Email
        </Button>
        <Button onClick={() => onMarkUnread(message)}>Mark as unread</Button>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
