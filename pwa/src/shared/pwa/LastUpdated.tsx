import { Typography } from '@mui/material';
import { formatDateTime } from '../dates.ts';
import { useOnline } from './useOnline.ts';

/** Offline, content shown from the cache says how fresh it is. */
export function LastUpdated({ at }: { at: number }) {
  const online = useOnline();
  if (online || !at) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', my: 2 }}>
      Last updated {formatDateTime(at)}
    </Typography>
  );
}
