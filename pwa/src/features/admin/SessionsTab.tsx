import type { AdminBooking, BookingStatus } from '@coach/contracts';
import { Chip, Typography } from '@mui/material';
import { EmailAddress } from '../../shared/ui/EmailAddress.tsx';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { ListSearch, LoadMore, usePagedList } from './pagedList.tsx';
import { BOOKINGS_KEY } from './queries.ts';
import { ResponsiveTable, type Column } from './ResponsiveTable.tsx';

const STATUS_CHIPS: Record<BookingStatus, { label: string; color: 'default' | 'success' | 'warning' | 'info' }> = {
  booked: { label: 'Booked', color: 'info' },
  attended: { label: 'Attended', color: 'success' },
  no_show: { label: 'No-show', color: 'warning' },
  canceled: { label: 'Canceled', color: 'default' },
};
const WHEN = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

const COLUMNS: readonly Column<AdminBooking>[] = [
  { label: 'When', render: (b) => (b.startTime ? WHEN.format(new Date(b.startTime)) : '—') },
  { label: 'Session', render: (b) => b.eventName ?? '—' },
  { label: 'Who', render: (b) => b.name ?? '—' },
  { label: 'Email', render: (b) => (b.email ? <EmailAddress email={b.email} /> : '—') },
  // A booking matched to no account is a lead: a visitor's free call, with the e-mail she gave.
  {
    label: 'Client',
    render: (b) => (b.userId === null ? <Chip size="small" color="secondary" label="Lead" /> : `Member #${b.userId}`),
  },
  { label: 'Status', render: (b) => <Chip size="small" {...STATUS_CHIPS[b.status]} /> },
];

/** Sessions booked on the booking page, newest first: each client's, and the leads' free calls. */
export function SessionsTab() {
  const { query, list, search, setSearch } = usePagedList<AdminBooking>(BOOKINGS_KEY[0]);
  return (
    <>
      <Typography variant="h4" component="h2" sx={{ color: 'primary.dark', mb: 2.5 }}>
        Sessions
      </Typography>
      <ListSearch label="Search by name or email" value={search} onSearch={setSearch} />
      <QueryState
        query={query}
        what="the sessions"
        emptyTitle="No sessions yet"
        emptyText="Sessions booked on your booking page will appear here."
      >
        {(rows) => <ResponsiveTable label="Booked sessions" columns={COLUMNS} rows={rows} rowKey={(b) => b.id} />}
      </QueryState>
      <LoadMore list={list} />
    </>
  );
}
