import type { AdminBooking, BookingStatus } from '@coach/contracts';
import { Chip } from '@mui/material';
import { EmailAddress } from '../../shared/ui/EmailAddress.tsx';
import { PagedAdminList, TabHeading, type PagedListTexts } from './AdminList.tsx';
import { BOOKINGS_KEY } from './queries.ts';
import type { Column } from './ResponsiveTable.tsx';

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

const LIST_TEXTS: PagedListTexts = {
  search: 'Search by name or email',
  what: 'the sessions',
  emptyTitle: 'No sessions yet',
  emptyText: 'Sessions booked on your booking page will appear here.',
  table: 'Booked sessions',
};

/** Sessions booked on the booking page, newest first: each client's, and the leads' free calls. */
export function SessionsTab() {
  return (
    <>
      <TabHeading title="Sessions" />
      <PagedAdminList path={BOOKINGS_KEY[0]} texts={LIST_TEXTS} columns={COLUMNS} rowKey={(b) => b.id} />
    </>
  );
}
