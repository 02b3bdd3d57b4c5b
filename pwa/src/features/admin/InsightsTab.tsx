import { INSIGHT_RANGES, type Insights } from '@coach/contracts';
import {
  Box,
  CircularProgress,
  FormControlLabel,
  Grid,
  Paper,
  Switch,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { apiRequest } from '../../shared/api/client.ts';
import { notify } from '../../shared/notices/store.ts';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { ResponsiveTable, type Column } from './ResponsiveTable.tsx';

const insightsKey = (days: number) => [`/api/admin/insights?days=${days}`];
const SETTINGS_URL = '/api/admin/insights/settings';

const CONVERSION_LABELS: Record<string, string> = {
  newsletter_subscribed: 'Newsletter sign-ups',
  newsletter_confirmed: 'Newsletter confirmations',
  guide_taken: 'Free guides taken',
  booking_click: 'Booking clicks',
  whatsapp_click: 'WhatsApp clicks',
  chat_started: 'Chats started',
  purchase_completed: 'Purchases',
};
const DAY_LABEL = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayLabel = (day: string) => DAY_LABEL.format(new Date(day));

type Counted = Insights['topPages'][number];
const countedColumns = (what: string): readonly Column<Counted>[] => [
  { label: what, render: (r) => r.key },
  { label: 'Count', render: (r) => r.count },
];

/** Views per day as bars, visitors per day as a line: the same numbers as the table below it. */
function DailyChart({ daily }: { daily: Insights['daily'] }) {
  const width = 720;
  const height = 220;
  const top = Math.max(1, ...daily.map((d) => Math.max(d.views, d.visitors)));
  const step = width / daily.length;
  const y = (value: number) => height - (value / top) * (height - 10);
  const line = daily.map((d, i) => `${(i + 0.5) * step},${y(d.visitors)}`).join(' ');
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label="Page views (bars) and visitors (line) per day; the table below gives the numbers"
      sx={{ width: '100%', height: 'auto', display: 'block' }}
    >
      {daily.map((d, i) => (
        <rect
          key={d.day}
          x={i * step + step * 0.15}
          width={step * 0.7}
          y={y(d.views)}
          height={height - y(d.views)}
          fill="#C9B2D6"
        >
          <title>{`${dayLabel(d.day)}: ${d.views} views, ${d.visitors} visitors`}</title>
        </rect>
      ))}
      <polyline points={line} fill="none" stroke="#4E2F5E" strokeWidth={2.5} />
    </Box>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Grid size={{ xs: 6, md: 3 }}>
      <Paper variant="outlined" sx={{ p: 2, borderRadius: 3 }}>
        <Typography variant="h4" component="p" sx={{ color: 'primary.dark' }}>
          {value.toLocaleString('en-IN')}
        </Typography>
        <Typography color="text.secondary">{label}</Typography>
      </Paper>
    </Grid>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 4 }} aria-label={title}>
      <Typography variant="h6" component="h3" sx={{ color: 'primary.dark', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function CountedTable({ title, what, rows }: { title: string; what: string; rows: Counted[] }) {
  return (
    <Section title={title}>
      {rows.length ? (
        <ResponsiveTable label={title} columns={countedColumns(what)} rows={rows} rowKey={(r) => r.key} />
      ) : (
        <Typography color="text.secondary">Nothing counted yet.</Typography>
      )}
    </Section>
  );
}

/** The weekly e-mail of the figures, which the coach may turn off. */
function WeeklyEmail({ on, days }: { on: boolean; days: number }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (weeklyEmail: boolean) => apiRequest('PUT', SETTINGS_URL, { weeklyEmail }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: insightsKey(days) }),
    onError: () => notify({ title: 'Setting not saved', description: 'Please try again.', variant: 'destructive' }),
  });
  return (
    <FormControlLabel
      control={<Switch checked={on} disabled={save.isPending} onChange={(_e, value) => save.mutate(value)} />}
      label="E-mail me these figures every Monday"
    />
  );
}

/** Insights: visitors and views, top pages and posts, sources, devices, conversions (first-party, no cookies). */
export function InsightsTab() {
  const [days, setDays] = useState<number>(30);
  const insights = useQuery<Insights>({ queryKey: insightsKey(days) });
  const data = insights.data;
  const conversions = data ? Object.entries(data.conversions).map(([key, count]) => ({ key, count })) : [];
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={days}
          onChange={(_e, value: number | null) => value && setDays(value)}
          aria-label="Period"
        >
          {INSIGHT_RANGES.map((range) => (
            <ToggleButton key={range} value={range}>
              Last {range} days
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {data && <WeeklyEmail on={data.weeklyEmail} days={days} />}
      </Box>
      {insights.isError ? (
        <LoadError what="the insights" onRetry={() => void insights.refetch()} />
      ) : !data ? (
        <CircularProgress aria-label="Loading the insights" sx={{ mt: 4 }} />
      ) : (
        <>
          <Grid container spacing={2} sx={{ mt: 2 }}>
            <Figure label="Visitors (unique per day, added up)" value={data.totals.visitors} />
            <Figure label="Page views" value={data.totals.views} />
            <Figure label="Newsletter sign-ups" value={data.conversions.newsletter_subscribed ?? 0} />
            <Figure label="Booking clicks" value={data.conversions.booking_click ?? 0} />
          </Grid>
          <Section title="Visitors and views by day">
            <DailyChart daily={data.daily} />
            <ResponsiveTable
              label="Visitors and views by day"
              columns={[
                { label: 'Day', render: (d) => dayLabel(d.day) },
                { label: 'Visitors', render: (d) => d.visitors },
                { label: 'Views', render: (d) => d.views },
              ]}
              rows={[...data.daily].reverse()}
              rowKey={(d) => d.day}
            />
          </Section>
          <CountedTable title="Top pages" what="Page" rows={data.topPages} />
          <CountedTable title="Top posts" what="Post" rows={data.topPosts} />
          <CountedTable title="Sources" what="Source (referrer or UTM)" rows={data.sources} />
          <CountedTable title="Devices" what="Device" rows={data.devices} />
          <CountedTable
            title="Conversions"
            what="Conversion"
            rows={conversions.map((c) => ({ ...c, key: CONVERSION_LABELS[c.key] ?? c.key }))}
          />
          <Section title="Conversions per post">
            {data.conversionsByPost.length ? (
              <ResponsiveTable
                label="Conversions per post"
                columns={[
                  { label: 'Post', render: (r) => r.post },
                  ...Object.keys(CONVERSION_LABELS).map((c) => ({
                    label: CONVERSION_LABELS[c],
                    render: (r: (typeof data.conversionsByPost)[number]) => r.conversions[c] ?? 0,
                  })),
                ]}
                rows={data.conversionsByPost}
                rowKey={(r) => r.post}
              />
            ) : (
              <Typography color="text.secondary">No conversion has been counted for a post yet.</Typography>
            )}
          </Section>
        </>
      )}
    </Box>
  );
}
