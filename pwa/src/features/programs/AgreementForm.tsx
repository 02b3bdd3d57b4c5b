import type { PortalProgram } from '@coach/contracts';
import { Alert, Box, Button, Checkbox, FormControlLabel, Stack } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { postJson, serverMessage } from '../../shared/api/client.ts';
import { serverFieldErrors } from '../../shared/forms/fieldErrors.ts';
import { PORTAL_KEY } from './queries.ts';
import { TextField } from '../../shared/ui/TextField.tsx';

/** The coaching agreement, read and signed with her full name (for the version shown). */
export function AgreementForm({ program }: { program: PortalProgram }) {
  const [fullName, setFullName] = useState('');
  const [read, setRead] = useState(false);
  const queryClient = useQueryClient();
  const sign = useMutation({
    mutationFn: () =>
      postJson(`/api/portal/programs/${program.programId}/agreement`, { fullName, version: program.agreement.version }),
    // A newer version (the coach revised it meanwhile) is shown at once, to be read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: PORTAL_KEY }),
  });
  const errors = serverFieldErrors<'fullName' | 'version'>(sign.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sign.mutate();
  };
  return (
    <Stack component="form" spacing={2.5} onSubmit={submit} noValidate aria-label="Coaching agreement">
      <Box
        tabIndex={0}
        aria-label="Agreement text"
        sx={{
          maxHeight: 320,
          overflowY: 'auto',
          whiteSpace: 'pre-wrap',
          p: 2,
          borderRadius: 2,
          bgcolor: 'background.default',
          border: 1,
          borderColor: 'divider',
        }}
      >
        {program.agreement.text}
      </Box>
      <FormControlLabel
        control={<Checkbox checked={read} onChange={(e) => setRead(e.target.checked)} />}
        label="I have read the agreement and accept it"
      />
      <TextField
        label="Your full name, as your signature"
        value={fullName}
        onChange={(e) => setFullName(e.target.value)}
        error={Boolean(errors.fullName)}
        helperText={errors.fullName}
        autoComplete="name"
        required
      />
      {sign.isError && (
        <Alert severity={errors.version ? 'warning' : 'error'}>
          {serverMessage(sign.error) ?? 'Your signature could not be sent. Please try again.'}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!read || fullName.trim().length < 2 || sign.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        {sign.isPending ? 'Signing…' : 'Sign the agreement'}
      </Button>
    </Stack>
  );
}
