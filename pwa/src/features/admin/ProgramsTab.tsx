import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import {
  PORTAL_QUESTION_KINDS,
  RESOURCE_MAX_BYTES,
  type AdminProgram,
  type PortalQuestion,
  type PortalQuestionKind,
  type PortalResource,
  type ProgramPortal,
} from '@coach/contracts';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { apiRequest, serverMessage, throwIfNotOk } from '../../shared/api/client.ts';
import { serverFieldErrors } from '../../shared/forms/fieldErrors.ts';
import { ADMIN_PROGRAMS_KEY, programPortalKey } from './queries.ts';
import { ResponsiveTable, type Column } from './ResponsiveTable.tsx';
import { AdminList, TabHeading, type AdminListTexts } from './AdminList.tsx';

const KIND_LABELS: Record<PortalQuestionKind, string> = {
  text: 'Short answer',
  longtext: 'Long answer',
  choice: 'One of several options',
  scale: 'Scale from 1 to 10',
};

/** A new question's id: stable once made (answers are kept by it), unique among the program's questions. */
function newQuestionId(taken: string[]): string {
  let n = taken.length + 1;
  while (taken.includes(`question-${n}`)) n++;
  return `question-${n}`;
}

function QuestionEditor({
  question,
  index,
  errors,
  onChange,
  onRemove,
}: {
  question: PortalQuestion;
  index: number;
  errors: Partial<Record<string, string>>;
  onChange: (q: PortalQuestion) => void;
  onRemove: () => void;
}) {
  const at = `intake.questions.${index}`;
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label={`Question ${index + 1}`}
              value={question.label}
              onChange={(e) => onChange({ ...question, label: e.target.value })}
              error={Boolean(errors[`${at}.label`])}
              helperText={errors[`${at}.label`]}
              fullWidth
            />
            <IconButton aria-label={`Remove question ${index + 1}`} onClick={onRemove}>
              <DeleteIcon />
            </IconButton>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label="Answer"
              value={question.kind}
              onChange={(e) => {
                const kind = e.target.value as PortalQuestionKind;
                const { options: _, ...rest } = question;
                onChange(
                  kind === 'choice' ? { ...rest, kind, options: question.options ?? ['', ''] } : { ...rest, kind },
                );
              }}
              sx={{ minWidth: 220 }}
            >
              {PORTAL_QUESTION_KINDS.map((kind) => (
                <MenuItem key={kind} value={kind}>
                  {KIND_LABELS[kind]}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              control={
                <Checkbox
                  checked={question.required}
                  onChange={(e) => onChange({ ...question, required: e.target.checked })}
                />
              }
              label="Required"
            />
          </Stack>
          {question.kind === 'choice' && (
            <TextField
              label="Options, one per line"
              multiline
              minRows={2}
              value={(question.options ?? []).join('\n')}
              onChange={(e) => onChange({ ...question, options: e.target.value.split('\n') })}
              error={Boolean(errors[`${at}.options`])}
              helperText={errors[`${at}.options`]}
            />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The welcome, the intake's questions and the agreement of a program: each save of questions or agreement is a new version. */
function PortalEditor({ portal }: { portal: ProgramPortal }) {
  const [welcome, setWelcome] = useState(portal.welcome);
  const [questions, setQuestions] = useState<PortalQuestion[]>(portal.intake.questions);
  const [agreement, setAgreement] = useState(portal.agreement.text);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () =>
      apiRequest('PUT', `/api/admin/programs/${portal.programId}/portal`, {
        welcome,
        intake: {
          questions: questions.map((q) =>
            q.options ? { ...q, options: q.options.map((o) => o.trim()).filter(Boolean) } : q,
          ),
        },
        agreement: { text: agreement },
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(ADMIN_PROGRAMS_KEY[0]) }),
  });
  const errors = serverFieldErrors<string>(save.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const addQuestion = () =>
    setQuestions((all) => [
      ...all,
      { id: newQuestionId(all.map((q) => q.id)), label: '', kind: 'text', required: true },
    ]);
  return (
    <Stack
      component="form"
      spacing={3}
      onSubmit={submit}
      noValidate
      aria-label={`${portal.title}: welcome, intake and agreement`}
    >
      <TextField
        label="Welcome"
        helperText={errors.welcome ?? 'The first thing a client reads in her space.'}
        error={Boolean(errors.welcome)}
        multiline
        minRows={3}
        value={welcome}
        onChange={(e) => setWelcome(e.target.value)}
      />
      <Box>
        <Typography variant="h6" component="h4" sx={{ mb: 1 }}>
          Intake questions
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
            version {portal.intakeVersion}
          </Typography>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          A client answers these before she can book. Answers given keep the questions she saw.
        </Typography>
        <Stack spacing={2}>
          {questions.map((q, i) => (
            <QuestionEditor
              key={q.id}
              question={q}
              index={i}
              errors={errors}
              onChange={(next) => setQuestions((all) => all.map((old, j) => (j === i ? next : old)))}
              onRemove={() => setQuestions((all) => all.filter((_, j) => j !== i))}
            />
          ))}
          <Button onClick={addQuestion} variant="outlined" sx={{ alignSelf: 'flex-start' }}>
            Add a question
          </Button>
        </Stack>
      </Box>
      <TextField
        label={`Coaching agreement (version ${portal.agreementVersion})`}
        helperText={
          errors['agreement.text'] ?? 'A client signs it with her full name before she can book. Leave empty for none.'
        }
        error={Boolean(errors['agreement.text'])}
        multiline
        minRows={6}
        value={agreement}
        onChange={(e) => setAgreement(e.target.value)}
      />
      {save.isError && <Alert severity="error">{serverMessage(save.error) ?? 'The program could not be saved.'}</Alert>}
      {save.isSuccess && <Alert severity="success">Saved.</Alert>}
      <Button type="submit" variant="contained" disabled={save.isPending} sx={{ alignSelf: 'flex-start' }}>
        {save.isPending ? 'Saving…' : 'Save'}
      </Button>
    </Stack>
  );
}

/** The program's files: upload (PDF, audio, images, up to 50 MB) and removal. */
function ResourcesEditor({ portal }: { portal: ProgramPortal }) {
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const picker = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(ADMIN_PROGRAMS_KEY[0]) });
  const upload = useMutation({
    mutationFn: async () => {
      const form = new FormData();
      form.append('title', title);
      form.append('file', file!);
      const res = await fetch(`/api/admin/programs/${portal.programId}/resources`, {
        method: 'POST',
        body: form,
        credentials: 'include',
      });
      await throwIfNotOk(res);
      return (await res.json()) as PortalResource;
    },
    onSuccess: () => {
      setFile(null);
      setTitle('');
      if (picker.current) picker.current.value = '';
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/admin/programs/${portal.programId}/resources/${id}`),
    onSuccess: () => void refresh(),
  });
  const tooLarge = file !== null && file.size > RESOURCE_MAX_BYTES;
  const columns: readonly Column<PortalResource>[] = [
    { label: 'Title', render: (r) => r.title },
    { label: 'Type', render: (r) => r.contentType },
    { label: 'Size', render: (r) => `${(r.bytes / (1024 * 1024)).toFixed(1)} MB` },
  ];
  return (
    <Stack spacing={2}>
      {portal.resources.length > 0 ? (
        <ResponsiveTable
          label={`Files of ${portal.title}`}
          columns={columns}
          rows={portal.resources}
          rowKey={(r) => r.id}
          actions={(r) => (
            <IconButton
              aria-label={`Remove ${r.title}`}
              onClick={() => remove.mutate(r.id)}
              disabled={remove.isPending}
            >
              <DeleteIcon />
            </IconButton>
          )}
        />
      ) : (
        <Typography color="text.secondary">No files yet.</Typography>
      )}
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        aria-label="Upload a file"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          upload.mutate();
        }}
      >
        <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} size="small" />
        <input
          ref={picker}
          hidden
          type="file"
          accept="application/pdf,audio/mpeg,audio/mp4,audio/aac,audio/ogg,image/jpeg,image/png,image/webp"
          aria-label="File"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <Button variant="outlined" onClick={() => picker.current?.click()}>
          {file ? file.name : 'Choose a file'}
        </Button>
        <Button type="submit" variant="contained" disabled={!file || !title.trim() || tooLarge || upload.isPending}>
          {upload.isPending ? 'Uploading…' : 'Upload'}
        </Button>
      </Stack>
      {tooLarge && <Alert severity="warning">This file is larger than 50 MB.</Alert>}
      {upload.isError && (
        <Alert severity="error">{serverMessage(upload.error) ?? 'The file could not be uploaded.'}</Alert>
      )}
    </Stack>
  );
}

function ProgramEditor({ programId }: { programId: string }) {
  const portal = useQuery<ProgramPortal>({ queryKey: programPortalKey(programId) });
  if (portal.isPending) return <Typography role="status">Loading…</Typography>;
  if (portal.isError) return <Alert severity="error">The program could not be loaded.</Alert>;
  return (
    <Stack spacing={3}>
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h5" component="h3" sx={{ mb: 2, color: 'primary.dark' }}>
            {portal.data.title}
          </Typography>
          <PortalEditor portal={portal.data} />
        </CardContent>
      </Card>
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h5" component="h3" sx={{ mb: 2, color: 'primary.dark' }}>
            Files
          </Typography>
          <ResourcesEditor portal={portal.data} />
        </CardContent>
      </Card>
    </Stack>
  );
}

const LIST_TEXTS: AdminListTexts = {
  what: 'the programs',
  emptyTitle: 'No programs',
  emptyText: 'The price list has no programs.',
  table: 'Programs',
};

/** Each program's client space: its welcome, intake, agreement and files. */
export function ProgramsTab() {
  const programs = useQuery<AdminProgram[]>({ queryKey: ADMIN_PROGRAMS_KEY });
  const [chosen, setChosen] = useState<string | null>(null);
  const columns: readonly Column<AdminProgram>[] = [
    { label: 'Program', render: (p) => p.title },
    { label: 'Questions', render: (p) => p.questions },
    { label: 'Agreement', render: (p) => (p.hasAgreement ? 'Yes' : 'None') },
    { label: 'Files', render: (p) => p.resources },
    { label: 'Clients', render: (p) => p.clients },
  ];
  return (
    <>
      <TabHeading title="Programs" />
      <AdminList
        query={programs}
        texts={LIST_TEXTS}
        columns={columns}
        rowKey={(p) => p.programId}
        emphasized={(p) => p.programId === chosen}
        actions={(p) => (
          <Button size="small" onClick={() => setChosen(p.programId)} aria-label={`Set up ${p.title}`}>
            Set up
          </Button>
        )}
      />
      {chosen && (
        <Box sx={{ mt: 3 }}>
          <ProgramEditor key={chosen} programId={chosen} />
        </Box>
      )}
    </>
  );
}
