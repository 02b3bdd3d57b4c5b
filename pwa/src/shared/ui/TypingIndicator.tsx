import { Box } from '@mui/material';

/** Three softly pulsing dots while a reply is being written. */
export function TypingIndicator({ label = 'Typing' }: { label?: string }) {
  return (
    <Box
      role="status"
      aria-label={label}
      sx={{
        display: 'inline-flex',
        gap: 0.75,
        px: 2,
        py: 1.5,
        borderRadius: 4,
        bgcolor: 'background.paper',
        border: '1px solid',
        borderColor: 'divider',
        '& span': {
          width: 8,
          height: 8,
          borderRadius: '50%',
          bgcolor: 'primary.light',
          animation: 'typing-dot 1.2s infinite ease-in-out',
        },
        '& span:nth-of-type(2)': { animationDelay: '0.15s' },
        '& span:nth-of-type(3)': { animationDelay: '0.3s' },
        '@keyframes typing-dot': {
          '0%, 80%, 100%': { opacity: 0.3, transform: 'translateY(0)' },
          '40%': { opacity: 1, transform: 'translateY(-4px)' },
        },
      }}
    >
      <span />
      <span />
      <span />
    </Box>
  );
}
