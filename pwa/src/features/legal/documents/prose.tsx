import { Box, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { site } from '../../../shared/config/site.ts';
import { PROGRAM_FEE_LIST, feeText } from './fees.ts';

/** The building blocks the policy texts use beside plain paragraphs and lists. */

/** A link to another page of the site, underlined so it does not rely on colour alone. */
export function PageLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={to} underline="always">
      {children}
    </Link>
  );
}

/** The coach's contact address as a mail link. */
export function ContactEmail() {
  return (
    <Link href={`mailto:${site.email}`} underline="always">
      {site.email}
    </Link>
  );
}

/** A highlighted note for the sentences a reader must not miss. */
export function Note({ children }: { children: ReactNode }) {
  return (
    <Box
      role="note"
      sx={{
        my: 3,
        px: { xs: 2.5, sm: 3 },
        py: 2,
        borderLeft: '4px solid',
        borderColor: 'secondary.main',
        borderRadius: 2,
        bgcolor: '#F8EEDF',
        '& > :last-child': { mb: 0 },
      }}
    >
      {children}
    </Box>
  );
}

/** A small table with a caption; it scrolls sideways on narrow screens instead of overflowing. */
export function DataTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: readonly string[];
  rows: readonly (readonly ReactNode[])[];
}) {
  return (
    <TableContainer
      sx={{ my: 3, border: '1px solid', borderColor: 'divider', borderRadius: 3, bgcolor: 'background.paper' }}
    >
      <Table
        size="small"
        sx={{
          '& caption': {
            captionSide: 'top',
            textAlign: 'left',
            fontWeight: 700,
            color: 'primary.dark',
            px: 2,
            pt: 1.5,
            pb: 0.5,
          },
          '& th, & td': { px: { xs: 1.25, sm: 2 }, fontSize: { xs: '0.85rem', sm: '0.875rem' } },
        }}
      >
        <caption>{caption}</caption>
        <TableHead>
          <TableRow>
            {head.map((label) => (
              <TableCell
                key={label}
                scope="col"
                sx={{ fontWeight: 700, color: 'text.primary', whiteSpace: { sm: 'nowrap' } }}
              >
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((cells, row) => (
            <TableRow key={row} sx={{ '&:last-child td, &:last-child th': { borderBottom: 0 } }}>
              {cells.map((cell, column) =>
                column === 0 ? (
                  <TableCell key={column} component="th" scope="row" sx={{ fontWeight: 600 }}>
                    {cell}
                  </TableCell>
                ) : (
                  <TableCell key={column}>{cell}</TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The standard fee of each program, as the terms and the refund policy quote them. */
export function FeeTable() {
  return (
    <DataTable
      caption="Standard program fees (Indian rupees)"
      head={['Program', 'Length', 'Fee']}
      rows={PROGRAM_FEE_LIST.map((program) => [program.name, program.length, feeText(program)])}
    />
  );
}
