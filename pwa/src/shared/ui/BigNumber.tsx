import { Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The large figure of a statistic card (the member's profile, the admin's counts). */
export function BigNumber({ children }: { children: ReactNode }) {
  return (
    <Typography
      sx={{
        fontFamily: (t) => t.typography.h1.fontFamily,
        fontSize: { xs: '2.2rem', sm: '2.8rem' },
        fontWeight: 700,
        lineHeight: 1.1,
        color: 'primary.dark',
      }}
    >
      {children}
    </Typography>
  );
}
