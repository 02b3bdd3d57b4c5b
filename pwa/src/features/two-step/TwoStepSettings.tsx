import {
  twoStepDisableInputSchema,
  twoStepEnableInputSchema,
  type TwoStepDisableInput,
  type TwoStepEnableInput,
  type TwoStepRecoveryCodes,
  type TwoStepSetup,
} from '@coach/contracts';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { postJson, serverMessage } from '../../shared/api/client.ts';
import { notify } from '../../shared/notices/store.ts';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PasswordField, serverFieldErrors, useFormFields } from '../../shared/forms/index.ts';
import { TWO_STEP_KEY, useTwoStepStatus } from './queries.ts';

const failed = (title: string) => (error: unknown) =>
  notify({ title, description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });

/** The key as people type it: groups of four characters. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Two-step sign-in settings of the signed-in account: turning it on (scan the QR code or type
 * the key, confirm with a code, save the recovery codes shown this once) and off (password and a
 * code).
 */
export function TwoStepSettings() {
  const status = useTwoStepStatus();
  const [setup, setSetup] = useState<TwoStepSetup>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const start = useMutation({
    mutationFn: () => postJson<TwoStepSetup>('/api/auth/two-step/setup'),
    onSuccess: setSetup,
    onError: failed('Could not start the set-up'),
  });

  let body;
  if (recoveryCodes) body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(undefined)} />;
  else if (setup)
    body = (
      <ConfirmSetup
        setup={setup}
        onCancel={() => setSetup(undefined)}
        onEnabled={(codes) => {
          setSetup(undefined);
          setRecoveryCodes(codes);
        }}
      />
    );
  else if (status.isError)
    body = <LoadError what="your two-step sign-in settings" onRetry={() => void status.refetch()} />;
  else if (!status.data) body = <Skeleton height={80} />;
  else if (status.data.enabled) body = <TurnOff recoveryCodesLeft={status.data.recoveryCodesLeft} />;
  else
    body = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography color="text.secondary">
          Two-step sign-in is off. With it on, signing in also asks for a 6-digit code from an authenticator app on your
          phone (Google Authenticator, Microsoft Authenticator, 1Password, Aegis or any other), so a stolen password
          alone is not enough.
        </Typography>
        <Button variant="contained" onClick={() => start.mutate()} disabled={start.isPending}>
          {start.isPending ? 'Preparing...' : 'Turn on two-step sign-in'}
        </Button>
      </Stack>
    );

  return (
    <Card component="section" aria-labelledby="two-step-title">
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <PhonelinkLockIcon color="secondary" aria-hidden />
          <Typography id="two-step-title" variant="h5" component="h2" sx={{ color: 'primary.dark' }}>
            Two-step sign-in
          </Typography>
        </Stack>
        {body}
      </CardContent>
    </Card>
  );
}

/** The QR code and key of a new secret, confirmed with a current code. */
function ConfirmSetup({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TwoStepSetup;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const queryClient = useQueryClient();
  const form = useFormFields({ password: '', code: '' });
  const enable = useMutation({
    mutationFn: (input: TwoStepEnableInput) => postJson<TwoStepRecoveryCodes>('/api/auth/two-step/enable', input),
    onSuccess: ({ recoveryCodes }) => {
      void queryClient.invalidateQueries({ queryKey: TWO_STEP_KEY });
      notify({ title: 'Two-step sign-in is on' });
      onEnabled(recoveryCodes);
    },
    // A wrong password or code is shown under its field; anything else under the code.
    onError: (error) => {
      const fields = serverFieldErrors<'password' | 'code'>(error);
      form.check(Object.keys(fields).length ? fields : { code: serverMessage(error) ?? 'Please try again.' });
    },
  });
  const submit = form.submitWith(
    (values) => twoStepEnableInputSchema.safeParse(values),
    (input) => enable.mutate(input),
  );

  return (
    <Stack spacing={2.5}>
      <Typography>1. In your authenticator app, add an account and scan this QR code.</Typography>
      <Box
        component="img"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
        alt="QR code to scan with your authenticator app"
        sx={{ width: 200, height: 200, alignSelf: 'center', imageRendering: 'pixelated' }}
      />
      <Typography>
        Can&apos;t scan it? Enter this key instead (time-based):{' '}
        <Box
          component="code"
          aria-label="Setup key"
          data-key={setup.secret}
          sx={{
            fontWeight: 700,
            letterSpacing: 1,
            wordBreak: 'break-all',
            bgcolor: 'action.hover',
            px: 0.75,
            borderRadius: 1,
          }}
        >
          {grouped(setup.secret)}
        </Box>
      </Typography>
      <Box component="form" ref={form.ref} noValidate onSubmit={submit} aria-label="Confirm two-step sign-in">
        <Stack spacing={2}>
          <Typography>2. Enter your password and the 6-digit code the app now shows.</Typography>
          <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} required />
          <TextField
            label="6-digit code"
            autoComplete="one-time-code"
            {...form.field('code')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
            required
          />
          <Stack direction="row" spacing={1.5}>
            <Button type="submit" variant="contained" disabled={enable.isPending}>
              {enable.isPending ? 'Confirming...' : 'Confirm'}
            </Button>
            <Button onClick={onCancel} disabled={enable.isPending}>
              Cancel
            </Button>
          </Stack>
        </Stack>
      </Box>
    </Stack>
  );
}

/** The recovery codes, shown once, with ways to keep them. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Two-step sign-in recovery codes (each works once):\n${codes.join('\n')}\n`;
  const copy = () =>
    navigator.clipboard
      .writeText(text)
      .then(() => notify({ title: 'Recovery codes copied' }), failed('Could not copy the codes'));
  return (
    <Stack spacing={2.5}>
      <Alert severity="warning">
        <AlertTitle>Save your recovery codes now</AlertTitle>
        If you lose your phone, each of these codes lets you sign in once instead of a 6-digit code. Keep them somewhere
        safe: they will not be shown again.
      </Alert>
      <Box
        component="ol"
        aria-label="Recovery codes"
        sx={{
          m: 0,
          pl: 4,
          columns: { xs: 1, sm: 2 },
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
          fontSize: '1.05rem',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="outlined" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button
          variant="outlined"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="recovery-codes.txt"
        >
          Download codes
        </Button>
        <Button variant="contained" onClick={onDone}>
          I have saved my codes
        </Button>
      </Stack>
    </Stack>
  );
}

/** Two-step sign-in is on: how many recovery codes are left, and turning it off. */
function TurnOff({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const form = useFormFields({ password: '', code: '' });
  const disable = useMutation({
    mutationFn: (input: TwoStepDisableInput) => postJson('/api/auth/two-step/disable', input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: TWO_STEP_KEY });
      notify({ title: 'Two-step sign-in is off' });
    },
    onError: failed('Two-step sign-in is still on'),
  });
  const submit = form.submitWith(
    (values) => twoStepDisableInputSchema.safeParse(values),
    (data) => disable.mutate(data),
  );
  const cancel = (event: FormEvent) => {
    event.preventDefault();
    setOpen(false);
  };

  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="success" sx={{ width: '100%' }}>
        Two-step sign-in is on. You have {recoveryCodesLeft} recovery {recoveryCodesLeft === 1 ? 'code' : 'codes'} left.
      </Alert>
      {open ? (
        <Box
          component="form"
          ref={form.ref}
          noValidate
          onSubmit={submit}
          onReset={cancel}
          aria-label="Turn off two-step sign-in"
          sx={{ width: '100%', maxWidth: 420 }}
        >
          <Stack spacing={2}>
            <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} required />
            <TextField
              label="Code"
              autoComplete="one-time-code"
              {...form.field('code')}
              helperText={form.errors.code ?? 'The 6-digit code from your app, or a recovery code.'}
              required
            />
            <Stack direction="row" spacing={1.5}>
              <Button type="submit" variant="contained" color="error" disabled={disable.isPending}>
                {disable.isPending ? 'Turning off...' : 'Turn off'}
              </Button>
              <Button type="reset" disabled={disable.isPending}>
                Cancel
              </Button>
            </Stack>
          </Stack>
        </Box>
      ) : (
        <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
          Turn off two-step sign-in
        </Button>
      )}
    </Stack>
  );
}
