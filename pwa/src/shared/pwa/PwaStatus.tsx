import CloudOffIcon from '@mui/icons-material/CloudOff';
import { Box, Button, Paper, Typography } from '@mui/material';
import { palette } from '../palette.ts';
import { useUpdate } from './updateStore.ts';
import { useOnline } from './useOnline.ts';

/** Below the fixed header: 'You are offline' while there is no connection, and the update offer. */
export function PwaStatus() {
  const online = useOnline();
  const { available, apply, dismiss } = useUpdate();
  if (online && !available) return null;
  return (
    <Box
      sx={{
        position: 'fixed',
        top: { xs: 76, lg: 92 },
        left: 0,
        right: 0,
        zIndex: (t) => t.zIndex.appBar - 1,
        display: 'grid',
        justifyItems: 'center',
        gap: 1,
        px: 2,
        pointerEvents: 'none',
        '& > *': { pointerEvents: 'auto' },
      }}
    >
      {!online && (
        // A plain pill rather than MUI's Chip: it keeps Chip out of every page's first load.
        <Box
          role="status"
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 1,
            px: 1.75,
            py: 0.75,
            borderRadius: 999,
            bgcolor: palette.ink,
            color: '#fff',
            fontWeight: 600,
            fontSize: '0.875rem',
          }}
        >
          <CloudOffIcon fontSize="small" aria-hidden />
          You are offline
        </Box>
      )}
      {available && (
        <Paper
          role="status"
          aria-label="New version available"
          elevation={6}
          sx={{ display: 'flex', alignItems: 'center', gap: 1.5, pl: 2, pr: 1, py: 1, borderRadius: 3 }}
        >
          <Typography sx={{ fontWeight: 600 }}>New version available</Typography>
          <Button variant="contained" size="small" onClick={apply}>
            Reload
          </Button>
          <Button size="small" onClick={dismiss}>
            Later
          </Button>
        </Paper>
      )}
    </Box>
  );
}
