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
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const HOURS = Array.from({ length: 24 }, (_, h) => h);

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
              <TextField
                select
                label="Reminder day"
                value={reflection.day}
                disabled={busy}
                onChange={(e) => moveReminder({ day: Number(e.target.value) })}
              >
                {DAYS.map((day, i) => (
                  <MenuItem key={day} value={i}>
                    {day}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                label="Reminder hour"
                value={reflection.hour}
                disabled={busy}
                onChange={(e) => moveReminder({ hour: Number(e.target.value) })}
              >
                {HOURS.map((hour) => (
                  <MenuItem key={hour} value={hour}>
                    {String(hour).padStart(2, '0')}:00
                  </MenuItem>
                ))}
              </TextField>
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
