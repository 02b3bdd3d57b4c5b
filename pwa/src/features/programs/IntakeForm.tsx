import { SCALE_MAX, SCALE_MIN, type IntakeAnswer, type PortalProgram, type PortalQuestion } from '@coach/contracts';
import {
  Alert,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { postJson, serverMessage } from '../../shared/api/client.ts';
import { serverFieldErrors } from '../../shared/forms/fieldErrors.ts';
import { PORTAL_KEY } from './queries.ts';

const SCALE = Array.from({ length: SCALE_MAX - SCALE_MIN + 1 }, (_, i) => SCALE_MIN + i);

function QuestionField({
  question,
  value,
  error,
  onChange,
}: {
  question: PortalQuestion;
  value: IntakeAnswer | undefined;
  error: string | undefined;
  onChange: (value: IntakeAnswer | undefined) => void;
}) {
  const label = `${question.label}${question.required ? '' : ' (optional)'}`;
  const labelId = `intake-${question.id}`;
  if (question.kind === 'text' || question.kind === 'longtext') {
    return (
      <TextField
        id={labelId}
        label={label}
        required={question.required}
        multiline={question.kind === 'longtext'}
        minRows={question.kind === 'longtext' ? 4 : undefined}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
        error={Boolean(error)}
        helperText={error}
        fullWidth
      />
    );
  }
  return (
    <FormControl error={Boolean(error)} required={question.required} component="fieldset">
      <FormLabel id={labelId} component="legend" sx={{ mb: 1 }}>
        {label}
      </FormLabel>
      {question.kind === 'choice' ? (
        <RadioGroup aria-labelledby={labelId} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
          {(question.options ?? []).map((option) => (
            <FormControlLabel key={option} value={option} control={<Radio />} label={option} />
          ))}
        </RadioGroup>
      ) : (
        <ToggleButtonGroup
          aria-labelledby={labelId}
          exclusive
          value={value ?? null}
          onChange={(_e, next: number | null) => onChange(next ?? undefined)}
          sx={{ flexWrap: 'wrap' }}
        >
          {SCALE.map((n) => (
            <ToggleButton key={n} value={n} aria-label={`${n} of ${SCALE_MAX}`} sx={{ minWidth: 44 }}>
              {n}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

/** Her intake: the coach's questions, answered once; the server checks each answer again. */
export function IntakeForm({ program }: { program: PortalProgram }) {
  const [answers, setAnswers] = useState<Record<string, IntakeAnswer>>({});
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: () => postJson(`/api/portal/programs/${program.programId}/intake`, { answers }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PORTAL_KEY }),
  });
  const errors = serverFieldErrors<string>(send.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };
  return (
    <Stack component="form" spacing={3} onSubmit={submit} noValidate aria-label="Intake questions">
      {program.intake.questions.map((q) => (
        <QuestionField
          key={q.id}
          question={q}
          value={answers[q.id]}
          error={errors[`answers.${q.id}`]}
          onChange={(value) =>
            setAnswers(({ [q.id]: _, ...others }) => (value === undefined ? others : { ...others, [q.id]: value }))
          }
        />
      ))}
      {send.isError && Object.keys(errors).length === 0 && (
        <Alert severity="error">
          {serverMessage(send.error) ?? 'Your answers could not be sent. Please try again.'}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" disabled={send.isPending} sx={{ alignSelf: 'flex-start' }}>
        {send.isPending ? 'Sending…' : 'Send my answers'}
      </Button>
    </Stack>
  );
}
