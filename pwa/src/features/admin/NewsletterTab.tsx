import type { NewsletterSubscriber } from '@coach/contracts';
import { Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { formatLongDate } from '../../shared/dates.ts';
import { SUBSCRIBERS_KEY } from './queries.ts';
import { ResponsiveTable, type Column } from './ResponsiveTable.tsx';

const COLUMNS: readonly Column<NewsletterSubscriber>[] = [
  { label: 'Email', render: (s) => s.email },
  { label: 'Subscribed', render: (s) => formatLongDate(s.subscribedAt) },
];

/** Newsletter subscribers, newest first. */
export function NewsletterTab() {
  const subscribers = useQuery<NewsletterSubscriber[]>({ queryKey: SUBSCRIBERS_KEY });
  return (
    <>
      <Typography variant="h4" component="h2" sx={{ color: 'primary.dark', mb: 2.5 }}>
        Newsletter
      </Typography>
      <QueryState
        query={subscribers}
        what="the subscribers"
        emptyTitle="No subscribers yet"
        emptyText="Readers who subscribe on the blog will appear here."
      >
        {(rows) => (
          <ResponsiveTable label="Newsletter subscribers" columns={COLUMNS} rows={rows} rowKey={(s) => s.id} />
        )}
      </QueryState>
    </>
  );
}
