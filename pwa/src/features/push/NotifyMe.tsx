import NotificationsActiveIcon from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { Box, Button, Typography, type SxProps, type Theme } from '@mui/material';
import type { PushKind } from '@coach/contracts';
import { useHydrated } from '../../shared/hooks/useHydrated.ts';
import { pushSupport, usePushChange, usePushChoice } from './push.ts';

export const IOS_PUSH_NOTE =
  'On iPhone and iPad, notifications come through the installed app: add it to your Home Screen (Share, then “Add to Home Screen”), open it from there, and turn them on.';

/**
 * "Notify me": adds `kinds` to this browser's notifications. The browser asks for the permission
 * only after this click, never on load.
 */
export function NotifyMe({ kinds, label, sx = { mt: 2 } }: { kinds: PushKind[]; label: string; sx?: SxProps<Theme> }) {
  const hydrated = useHydrated();
  const current = usePushChoice();
  const { busy, error, change } = usePushChange();
  if (!hydrated) return null;
  const support = pushSupport();
  if (support === 'no') return null;
  if (support === 'ios-install')
    return (
      <Typography variant="body2" color="text.secondary" sx={sx}>
        {IOS_PUSH_NOTE}
      </Typography>
    );
  const on = kinds.every((k) => current?.kinds.includes(k));
  const turnOn = () => change([...new Set([...(current?.kinds ?? []), ...kinds])], current?.reflection);
  return (
    <Box sx={sx}>
      <Button
        variant="outlined"
        startIcon={on ? <NotificationsActiveIcon /> : <NotificationsIcon />}
        onClick={() => void turnOn()}
        disabled={busy || on}
      >
        {on ? 'You will be notified' : label}
      </Button>
      {error && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}
