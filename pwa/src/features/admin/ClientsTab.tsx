import type { AdminClient, AdminClientDetail, PortalStage } from '@coach/contracts';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { postJson, serverMessage } from '../../shared/api/client.ts';
import { formatDateTime, formatLongDate } from '../../shared/dates.ts';
import { dialogTitleSx } from '../../shared/ui/dialogTitleSx.ts';
import { EmailAddress } from '../../shared/ui/EmailAddress.tsx';
import { PagedAdminList, TabHeading, type PagedListTexts } from './AdminList.tsx';
import { CLIENTS_KEY, clientKey } from './queries.ts';
import type { Column } from './ResponsiveTable.tsx';

/** Each stage's chip: dark text on a light tint, readable on the phone's small type. */
const STAGE_CHIPS: Record<PortalStage, { label: string; sx: { bgcolor: string; color: string } }> = {
  intake: { label: 'Intake to answer', sx: { bgcolor: '#FFF1DC', color: '#6B3A00' } },
  agreement: { label: 'Agreement to sign', sx: { bgcolor: '#E6EEFB', color: '#1B3A78' } },
  ready: { label: 'Ready to book', sx: { bgcolor: '#E3F1E5', color: '#1E5A2B' } },
};

const StageChip = ({ stage }: { stage: PortalStage }) => <Chip size="small" {...STAGE_CHIPS[stage]} />;

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h3" sx={{ mb: 1, color: 'primary.dark' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A note (shared with her, or private) or homework for one of her programs. */
function AddToClient({ client, what }: { client: AdminClientDetail; what: 'note' | 'homework' }) {
  const [programId, setProgramId] = useState(client.programs[0]?.programId ?? '');
  const [text, setText] = useState('');
  const [shared, setShared] = useState(false);
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: () =>
      what === 'note'
        ? postJson(`/api/admin/clients/${client.userId}/notes`, { programId, text, shared })
        : postJson(`/api/admin/clients/${client.userId}/homework`, { programId, prompt: text }),
    onSuccess: () => {
      setText('');
      void queryClient.invalidateQueries({ queryKey: clientKey(client.userId) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  return (
    <Stack
      component="form"
      spacing={1.5}
      onSubmit={submit}
      aria-label={what === 'note' ? 'Add a note' : 'Set homework'}
      sx={{ mt: 2 }}
    >
      {client.programs.length > 1 && (
        <TextField select size="small" label="Program" value={programId} onChange={(e) => setProgramId(e.target.value)}>
          {client.programs.map((p) => (
            <MenuItem key={p.programId} value={p.programId}>
              {p.title}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        label={what === 'note' ? 'New note' : 'Homework prompt'}
        multiline
        minRows={2}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {what === 'note' && (
        <FormControlLabel
          control={<Checkbox checked={shared} onChange={(e) => setShared(e.target.checked)} />}
          label="Share with her (she is told by e-mail and notification); unticked, the note stays yours alone"
        />
      )}
      {add.isError && <Alert severity="error">{serverMessage(add.error) ?? 'It could not be saved.'}</Alert>}
      <Button
        type="submit"
        variant="contained"
        disabled={!text.trim() || add.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        {what === 'note' ? 'Add the note' : 'Set the homework'}
      </Button>
    </Stack>
  );
}

function ClientDetail({ userId }: { userId: number }) {
  const detail = useQuery<AdminClientDetail>({ queryKey: clientKey(userId) });
  if (detail.isPending) return <Typography role="status">Loading…</Typography>;
  if (detail.isError) return <Alert severity="error">This client could not be loaded.</Alert>;
  const client = detail.data;
  return (
    <>
      <EmailAddress email={client.email} />
      {client.programs.map((p) => (
        <Card key={p.programId} variant="outlined" sx={{ mt: 2 }}>
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
              <Typography sx={{ fontWeight: 700 }}>{p.title}</Typography>
              <StageChip stage={p.stage} />
            </Stack>
            {p.sessions.included > 0 && (
              <Typography variant="body2">
                {p.sessions.used} of {p.sessions.included} sessions used
              </Typography>
            )}
            {p.intake ? (
              <>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  Intake answered {formatDateTime(new Date(p.intake.answeredAt))} (questions version {p.intake.version})
                </Typography>
                <Box component="dl" sx={{ m: 0 }}>
                  {p.intake.questions.map((q) => (
                    <Box key={q.id} sx={{ mt: 1 }}>
                      <Typography component="dt" variant="body2" sx={{ fontWeight: 700 }}>
                        {q.label}
                      </Typography>
                      <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
                        {p.intake!.answers[q.id] ?? '—'}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              </>
            ) : (
              <Typography variant="body2" color="text.secondary">
                Intake not answered yet.
              </Typography>
            )}
            {p.agreement ? (
              <Typography variant="body2" sx={{ mt: 1 }}>
                Agreement version {p.agreement.version} signed by “{p.agreement.fullName}” on{' '}
                {formatDateTime(new Date(p.agreement.acceptedAt))}
                <Box component="span" sx={{ display: 'block', color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  SHA-256 {p.agreement.textSha256}
                </Box>
              </Typography>
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Agreement not signed yet.
              </Typography>
            )}
          </CardContent>
        </Card>
      ))}
      <Block title="Notes">
        {client.notes.length === 0 && <Typography color="text.secondary">No notes yet.</Typography>}
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Notes">
          {client.notes.map((n) => (
            <li key={n.id}>
              <Typography variant="body2" color="text.secondary">
                {formatLongDate(n.createdAt)} · {n.shared ? 'Shared with her' : 'Private'}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap' }}>{n.text}</Typography>
            </li>
          ))}
        </Stack>
        <AddToClient client={client} what="note" />
      </Block>
      <Block title="Homework">
        {client.homework.length === 0 && <Typography color="text.secondary">No homework set yet.</Typography>}
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Homework">
          {client.homework.map((h) => (
            <li key={h.id}>
              <Typography sx={{ fontWeight: 700, whiteSpace: 'pre-wrap' }}>{h.prompt}</Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap' }} color={h.answer ? 'text.primary' : 'text.secondary'}>
                {h.answer ?? 'Not answered yet.'}
              </Typography>
            </li>
          ))}
        </Stack>
        <AddToClient client={client} what="homework" />
      </Block>
    </>
  );
}

const COLUMNS: readonly Column<AdminClient>[] = [
  { label: 'Name', render: (c) => c.name },
  { label: 'Email', render: (c) => <EmailAddress email={c.email} /> },
  {
    label: 'Programs',
    render: (c) => (
      <Stack spacing={0.5}>
        {c.programs.map((p) => (
          <Stack key={p.programId} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <span>{p.title}</span>
            <StageChip stage={p.stage} />
          </Stack>
        ))}
      </Stack>
    ),
  },
];

const LIST_TEXTS: PagedListTexts = {
  search: 'Search by name or email',
  what: 'your clients',
  emptyTitle: 'No clients yet',
  emptyText: 'Members who join a program appear here, with their intake, agreement, notes and homework.',
  table: 'Clients',
};

/** The coach's clients (members who joined a program), newest first, each opened in full. */
export function ClientsTab() {
  const [open, setOpen] = useState<AdminClient | null>(null);
  return (
    <>
      <TabHeading title="Clients" />
      <PagedAdminList
        path={CLIENTS_KEY[0]}
        texts={LIST_TEXTS}
        columns={COLUMNS}
        rowKey={(c) => String(c.userId)}
        actions={(c) => (
          <Button size="small" onClick={() => setOpen(c)} aria-label={`Open ${c.name}`}>
            Open
          </Button>
        )}
      />
      <Dialog open={open !== null} onClose={() => setOpen(null)} fullWidth maxWidth="md" scroll="body">
        <DialogTitle sx={dialogTitleSx}>{open?.name}</DialogTitle>
        <DialogContent>{open && <ClientDetail userId={open.userId} />}</DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(null)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
