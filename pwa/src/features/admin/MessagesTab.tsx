import { CONTACT_SUBJECTS, type ContactMessage } from '@coach/contracts';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { formatLongDate } from '../../shared/dates.ts';
import { dialogTitleSx } from './dialogTitleSx.ts';
import { MESSAGES_KEY } from './queries.ts';
import { ResponsiveTable, type Column } from './ResponsiveTable.tsx';

/** A subject value of the contact form as its label ('retreat' -> 'Retreat Information'). */
export const subjectLabel = (subject: string): string =>
  CONTACT_SUBJECTS[subject as keyof typeof CONTACT_SUBJECTS] ?? subject;

const COLUMNS: readonly Column<ContactMessage>[] = [
  { label: 'Name', render: (m) => m.name },
  { label: 'Email', render: (m) => m.email },
  { label: 'Subject', render: (m) => subjectLabel(m.subject) },
  { label: 'Received', render: (m) => formatLongDate(m.createdAt) },
];

/** Contact messages, newest first, each readable in a detail dialog. */
export function MessagesTab() {
  const messages = useQuery<ContactMessage[]>({ queryKey: MESSAGES_KEY });
  const [detail, setDetail] = useState<{ message: ContactMessage | null; open: boolean }>({
    message: null,
    open: false,
  });

  return (
    <>
      <Typography variant="h4" component="h2" sx={{ color: 'primary.dark', mb: 2.5 }}>
        Messages
      </Typography>
      <QueryState
        query={messages}
        what="the messages"
        emptyTitle="No messages yet"
        emptyText="Messages sent through the contact form will appear here."
      >
        {(rows) => (
          <ResponsiveTable
            label="Contact messages"
            columns={COLUMNS}
            rows={rows}
            rowKey={(m) => m.id}
            actions={(m) => (
              <Button
                size="small"
                variant="outlined"
                onClick={() => setDetail({ message: m, open: true })}
                aria-label={`View message from ${m.name}`}
              >
                View
              </Button>
            )}
          />
        )}
      </QueryState>
      <MessageDialog
        message={detail.message}
        open={detail.open}
        onClose={() => setDetail((d) => ({ ...d, open: false }))}
      />
    </>
  );
}

function MessageDialog({
  message,
  open,
  onClose,
}: {
  message: ContactMessage | null;
  open: boolean;
  onClose: () => void;
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
            <Link href={`mailto:${message.email}`}>{message.email}</Link>
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
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
