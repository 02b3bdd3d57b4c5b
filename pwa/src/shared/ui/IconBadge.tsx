import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** The round, filled icon above the heading of a centred card (sign-in forms and prompts). */
export function IconBadge({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        width: 60,
        height: 60,
        mx: 'auto',
        mb: 2,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'primary.main',
        color: '#fff',
      }}
      aria-hidden
    >
      {children}
    </Box>
  );
}
