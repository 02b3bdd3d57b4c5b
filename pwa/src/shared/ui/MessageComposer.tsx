import SendIcon from '@mui/icons-material/Send';
import { Box, IconButton } from '@mui/material';
import { TextField } from './TextField.tsx';

/**
 * The text box and send button under a conversation: Enter sends, Shift+Enter starts a new line;
 * nothing is sent while the text is blank or an answer is on its way (`busy`).
 */
export function MessageComposer({
  label,
  sendLabel,
  value,
  onChange,
  onSend,
  busy,
  autoFocus = false,
}: {
  label: string;
  /** The send button's accessible name. */
  sendLabel: string;
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  busy: boolean;
  autoFocus?: boolean;
}) {
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        onSend();
      }}
      sx={{ display: 'flex', gap: 1, p: 2, borderTop: '1px solid', borderColor: 'divider', alignItems: 'flex-end' }}
    >
      <TextField
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            onSend();
          }
        }}
        multiline
        maxRows={4}
        size="small"
        autoFocus={autoFocus}
      />
      <IconButton
        type="submit"
        aria-label={sendLabel}
        disabled={!value.trim() || busy}
        sx={{
          bgcolor: 'secondary.main',
          color: '#fff',
          '&:hover': { bgcolor: 'secondary.dark' },
          '&.Mui-disabled': { bgcolor: 'action.disabledBackground' },
        }}
      >
        <SendIcon />
      </IconButton>
    </Box>
  );
}
