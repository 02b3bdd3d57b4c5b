import {
  Box,
  Card,
  CardContent,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';

export interface Column<T> {
  label: string;
  render: (row: T) => ReactNode;
}

export interface ResponsiveTableProps<T> {
  /** Names the table for assistive technology. */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  actions?: (row: T) => ReactNode;
  /** Rows shown in bold (an unread message). */
  emphasized?: (row: T) => boolean;
}

/**
 * A table on wide screens; on a phone each row becomes a card of label/value pairs, so nothing
 * needs sideways scrolling at 390 px.
 */
export function ResponsiveTable<T>({ label, columns, rows, rowKey, actions, emphasized }: ResponsiveTableProps<T>) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));

  if (narrow) {
    return (
      <Stack component="ul" spacing={2} aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((row) => (
          <li key={rowKey(row)}>
            <Card
              sx={
                emphasized?.(row)
                  ? { borderLeft: 4, borderColor: 'secondary.main', '& dd': { fontWeight: 700 } }
                  : undefined
              }
            >
              <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
                <Box
                  component="dl"
                  sx={{ display: 'grid', gridTemplateColumns: 'minmax(84px, auto) 1fr', columnGap: 2, rowGap: 1, m: 0 }}
                >
                  {columns.map((column) => (
                    <Box key={column.label} sx={{ display: 'contents' }}>
                      <Typography component="dt" variant="body2" sx={{ fontWeight: 700, color: 'text.secondary' }}>
                        {column.label}
                      </Typography>
                      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                        {column.render(row)}
                      </Typography>
                    </Box>
                  ))}
                </Box>
                <RowActions>{actions?.(row)}</RowActions>
              </CardContent>
            </Card>
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 4 }}>
      <Table aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.label} sx={{ fontWeight: 700, color: 'primary.dark', whiteSpace: 'nowrap' }}>
                {column.label}
              </TableCell>
            ))}
            {actions && (
              <TableCell align="right" sx={{ fontWeight: 700, color: 'primary.dark' }}>
                Actions
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} hover sx={emphasized?.(row) ? { '& td': { fontWeight: 700 } } : undefined}>
              {columns.map((column) => (
                <TableCell key={column.label} sx={{ overflowWrap: 'anywhere' }}>
                  {column.render(row)}
                </TableCell>
              ))}
              {actions && (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {actions(row)}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A card's actions, left-aligned (clear of the floating buttons in the bottom-right corner). */
function RowActions({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
      {children}
    </Stack>
  );
}
