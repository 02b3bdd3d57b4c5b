import { Box, CircularProgress } from '@mui/material';
import { useEffect } from 'react';
import { holdNoticesWhileShown } from '../notices/store.ts';

/** What shows while a page's code loads. */
export function PageFallback() {
  useEffect(holdNoticesWhileShown, []);
  // A full viewport high, so the footer stays below the fold until the page arrives (no layout shift).
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
      <CircularProgress aria-label="Loading page" />
    </Box>
  );
}
