import { Box, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { formatClockTime } from '../dates.ts';
import { useHydrated } from '../hooks/useHydrated.ts';
import { palette } from '../palette.ts';
import { visuallyHidden } from './visuallyHidden.ts';

/** One chat message: the visitor's on the right in plum, the guide's on the left on paper. */
export function MessageBubble({
  text,
  isUser,
  timestamp,
  children,
}: {
  text: string;
  isUser: boolean;
  timestamp: Date;
  children?: ReactNode;
}) {
  // The time of day is the visitor's: a prerendered page shows it once hydrated.
  const hydrated = useHydrated();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: isUser ? 'flex-end' : 'flex-start' }}>
      <Box
        data-testid={isUser ? 'user-message' : 'assistant-message'}
        sx={{
          maxWidth: '85%',
          px: 2,
          py: 1.5,
          borderRadius: 4,
          borderBottomRightRadius: isUser ? 1 : undefined,
          borderBottomLeftRadius: isUser ? undefined : 1,
          bgcolor: isUser ? 'primary.main' : 'background.paper',
          color: isUser ? '#fff' : 'text.primary',
          border: isUser ? 'none' : `1px solid ${alpha(palette.plum, 0.12)}`,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
        }}
      >
        <Typography component="p" sx={{ fontSize: '0.98rem', lineHeight: 1.65 }}>
          <Box component="span" sx={visuallyHidden}>
            {isUser ? 'You: ' : 'Guide: '}
          </Box>
          {text}
        </Typography>
      </Box>
      <Typography variant="caption" sx={{ color: 'text.secondary', mt: 0.5, px: 1 }}>
        {hydrated ? formatClockTime(timestamp) : ''}
      </Typography>
      {children}
    </Box>
  );
}
