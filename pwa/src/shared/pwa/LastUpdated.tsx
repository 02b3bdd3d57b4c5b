import { Typography } from '@mui/material';
import { useOnline } from './useOnline.ts';

const formatter = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Offline, content shown from the cache says how fresh it is. */
export function LastUpdated({ at }: { at: number }) {
  const online = useOnline();
  if (online || !at) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', my: 2 }}>
      Last updated {formatter.format(at)}
    </Typography>
  );
}
