import type { GuideStats, NewsletterSettings, NewsletterSubscriber, SubscriberState } from '@coach/contracts';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { Button, Chip, FormControlLabel, Paper, Radio, RadioGroup, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/client.ts';
import { notify } from '../../shared/notices/store.ts';
import { PagedAdminList, TabHeading, type PagedListTexts } from './AdminList.tsx';
import { formatLongDate } from '../../shared/dates.ts';
import { GUIDE_STATS_KEY, NEWSLETTER_SETTINGS_KEY, SUBSCRIBERS_EXPORT_URL, SUBSCRIBERS_KEY } from './queries.ts';
import type { Column } from './ResponsiveTable.tsx';
import { EmailAddress } from '../../shared/ui/EmailAddress.tsx';

const STATE_CHIPS: Record<SubscriberState, { label: string; sx: object }> = {
  pending: { label: 'Pending', sx: { bgcolor: '#FFF3DC', color: '#7A4B00' } },
  confirmed: { label: 'Confirmed', sx: { bgcolor: '#E3F1E5', color: '#1E5A2B' } },
  unsubscribed: { label: 'Unsubscribed', sx: { bgcolor: 'grey.200', color: 'text.secondary' } },
};

const COLUMNS: readonly Column<NewsletterSubscriber>[] = [
  { label: 'Email', render: (s) => <EmailAddress email={s.email} /> },
  { label: 'State', render: (s) => <Chip size="small" {...STATE_CHIPS[s.state]} /> },
  { label: 'Subscribed', render: (s) => formatLongDate(s.subscribedAt) },
];

/** How the posts reach the subscribers: each when published, or one digest a week. */
function DeliverySetting() {
  const queryClient = useQueryClient();
  const settings = useQuery<NewsletterSettings>({ queryKey: NEWSLETTER_SETTINGS_KEY });
  const save = useMutation({
    mutationFn: (delivery: NewsletterSettings['delivery']) =>
      apiRequest('PUT', NEWSLETTER_SETTINGS_KEY[0], { delivery }),
    onSuccess: () => {
      notify({
        title: 'Newsletter setting saved',
        description: 'Subscribers will receive posts this way from now on.',
      });
      return queryClient.invalidateQueries({ queryKey: NEWSLETTER_SETTINGS_KEY });
    },
    onError: () => notify({ title: 'Setting not saved', description: 'Please try again.', variant: 'destructive' }),
  });
  return (
    <Paper variant="outlined" sx={{ p: 2.5, mb: 3, borderRadius: 3 }}>
      <Typography id="newsletter-delivery" component="h3" sx={{ fontWeight: 700, color: 'primary.dark' }}>
        Sending posts to subscribers
      </Typography>
      <RadioGroup
        aria-labelledby="newsletter-delivery"
        value={settings.data?.delivery ?? ''}
        onChange={(_e, value) => save.mutate(value as NewsletterSettings['delivery'])}
      >
        <FormControlLabel
          value="per-post"
          disabled={!settings.data || save.isPending}
          control={<Radio />}
          label="Send each post to confirmed subscribers when it is published"
        />
        <FormControlLabel
          value="weekly-digest"
          disabled={!settings.data || save.isPending}
          control={<Radio />}
          label="Send one weekly digest of the week's posts instead"
        />
      </RadioGroup>
    </Paper>
  );
}

/** The free guide: how many confirmed their address and took it, and how many of them joined the newsletter. */
function GuideFigures() {
  const stats = useQuery<GuideStats>({ queryKey: GUIDE_STATS_KEY });
  if (!stats.data) return null;
  const { requested, confirmed, joinedNewsletter } = stats.data;
  return (
    <Paper variant="outlined" sx={{ p: 2.5, mb: 3, borderRadius: 3 }}>
      <Typography component="h3" sx={{ fontWeight: 700, color: 'primary.dark' }}>
        Free guide
      </Typography>
      <Typography>
        {confirmed} took the guide ({requested} asked for it), {joinedNewsletter} of them joined the newsletter
      </Typography>
    </Paper>
  );
}

const LIST_TEXTS: PagedListTexts = {
  search: 'Search subscribers',
  what: 'the subscribers',
  emptyTitle: 'No subscribers yet',
  emptyText: 'Readers who subscribe on the blog will appear here.',
  table: 'Newsletter subscribers',
};

/** Newsletter: how posts are sent, the free guide's figures, and the subscribers (newest first) with their state. */
export function NewsletterTab() {
  return (
    <>
      <TabHeading title="Newsletter">
        <Button component="a" href={SUBSCRIBERS_EXPORT_URL} download variant="outlined" startIcon={<DownloadIcon />}>
          Export CSV
        </Button>
      </TabHeading>
      <DeliverySetting />
      <GuideFigures />
      <PagedAdminList path={SUBSCRIBERS_KEY[0]} texts={LIST_TEXTS} columns={COLUMNS} rowKey={(s) => s.id} />
    </>
  );
}
