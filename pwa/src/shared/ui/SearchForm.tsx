import { MAX_SEARCH_LENGTH } from '@coach/contracts';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, type SxProps, type Theme } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';
import { TextField } from './TextField.tsx';

/**
 * A search box and its button, searching for the trimmed words on submit. With `action` it is
 * also a plain GET form (`q` and any hidden `children`), which works before the scripts run.
 */
export function SearchForm({
  label,
  value,
  onSearch,
  action,
  children,
  sx,
}: {
  label: string;
  value: string;
  onSearch: (q: string) => void;
  action?: string;
  children?: ReactNode;
  sx?: SxProps<Theme>;
}) {
  return (
    <Box
      component="form"
      role="search"
      aria-label={label}
      action={action}
      method="get"
      onSubmit={(e: FormEvent<HTMLFormElement>) => {
        e.preventDefault();
        onSearch(String(new FormData(e.currentTarget).get('q') ?? '').trim());
      }}
      sx={[{ display: 'flex', gap: 1 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
      <TextField
        key={value}
        name="q"
        type="search"
        label={label}
        defaultValue={value}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { maxLength: MAX_SEARCH_LENGTH } }}
      />
      <Button type="submit" variant="outlined" startIcon={<SearchIcon />} sx={{ flexShrink: 0 }}>
        Search
      </Button>
    </Box>
  );
}
