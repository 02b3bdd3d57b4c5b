import { PUSH_KINDS, type PushKind, type ReflectionReminder } from '@coach/contracts';
import { Box, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { useHydrated } from '../../shared/hooks/useHydrated.ts';
import { IOS_PUSH_NOTE } from './NotifyMe.tsx';
import { defaultReflection, pushSupport, usePushChange, usePushChoice } from './push.ts';

const KIND_LABELS: Record<PushKind, string> = {
  posts: 'New posts on the blog',
  replies: 'Replies to my posts and reflections in the Sacred Circle',
  reflection: 'The weekly reflection reminder',
  sessions: 'Reminders of my booked sessions (the day before)',
};
const DAY_OPTIONS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map(
  (label, value) => ({ value, label }),
);
const HOUR_OPTIONS = Array.from({ length: 24 }, (_, value) => ({
  value,
  label: `${String(value).padStart(2, '0')}:00`,
}));

/** One of the reminder's two choices (its day, its hour). */
function ReminderSelect(props: {
  label: string;
  value: number;
  options: { value: number; label: string }[];
  disabled: boolean;
  onPick: (value: number) => void;
}) {
  return (
    <TextField
      select
      label={props.label}
      value={props.value}
      disabled={props.disabled}
      onChange={(e) => props.onPick(Number(e.target.value))}
    >
      {props.options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The profile's notification settings of this browser: a switch per kind, and when the reflection reminder comes. */
export default function NotificationSettings() {
  const hydrated = useHydrated();
  const current = usePushChoice();
  const { busy, error, change } = usePushChange();
  if (!hydrated) return null;
  const support = pushSupport();
  const kinds = current?.kinds ?? [];
  const reflection = current?.reflection ?? defaultReflection();

  const toggle = (kind: PushKind, on: boolean) =>
    void change(on ? [...kinds, kind] : kinds.filter((k) => k !== kind), reflection);
  const moveReminder = (moved: Partial<ReflectionReminder>) =>
    void change(kinds, { ...reflection, ...moved, timeZone: defaultReflection().timeZone });

  return (
    <Box component="section" aria-labelledby="notifications-title">
      <Typography id="notifications-title" variant="h5" component="h2" sx={{ mb: 1 }}>
        Notifications on this device
      </Typography>
      {support === 'yes' ? (
        <Stack>
          {PUSH_KINDS.map((kind) => (
            <FormControlLabel
              key={kind}
              control={
                <Switch checked={kinds.includes(kind)} disabled={busy} onChange={(_e, on) => toggle(kind, on)} />
              }
              label={KIND_LABELS[kind]}
            />
          ))}
          {kinds.includes('reflection') && (
            <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
              <ReminderSelect
                label="Reminder day"
                value={reflection.day}
                options={DAY_OPTIONS}
                disabled={busy}
                onPick={(day) => moveReminder({ day })}
              />
              <ReminderSelect
                label="Reminder hour"
                value={reflection.hour}
                options={HOUR_OPTIONS}
                disabled={busy}
                onPick={(hour) => moveReminder({ hour })}
              />
            </Stack>
          )}
          {error && (
            <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
              {error}
            </Typography>
          )}
        </Stack>
      ) : (
        <Typography color="text.secondary">
          {support === 'ios-install' ? IOS_PUSH_NOTE : 'This browser cannot show notifications.'}
        </Typography>
      )}
    </Box>
  );
}
