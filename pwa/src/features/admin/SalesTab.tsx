import type { AdminPurchase, RefundInput, SalesSummary } from '@coach/contracts';
import { formatPaise, PROGRAM_IDS, PROGRAM_PRICES, refundOwed, type ProgramId } from '@coach/site-rules';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { idempotencyHeader, postJson, serverMessage } from '../../shared/api/client.ts';
import { BigNumber } from '../../shared/ui/BigNumber.tsx';
import { EmailAddress } from '../../shared/ui/EmailAddress.tsx';
import { PagedAdminList, TabHeading, type PagedListTexts } from './AdminList.tsx';
import { SALES_KEY, SALES_SUMMARY_KEY } from './queries.ts';
import type { Column } from './ResponsiveTable.tsx';

const STATUS_COLOR: Record<string, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  completed: 'success',
  pending: 'info',
  failed: 'error',
  refunded: 'warning',
};
const WHEN = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

/** Rupees typed by the coach ("1,999.50") in paise, or undefined when not a positive amount. */
const paiseOf = (rupees: string): number | undefined => {
  const value = Number(rupees.replace(/[,\s₹]/g, ''));
  return Number.isFinite(value) && value > 0 ? Math.round(value * 100) : undefined;
};

function useRefreshSales() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(SALES_KEY[0]) });
}

/**
 * A refund of a completed sale: what the refund policy owes on it now, or the part the coach
 * types. More than the policy owes only when she marks it as beyond the policy.
 */
function RefundDialog({ sale, onClose }: { sale: AdminPurchase; onClose: () => void }) {
  const left = sale.amount - sale.amountRefunded;
  const owed = refundOwed(sale);
  const [rupees, setRupees] = useState('');
  const [beyondPolicy, setBeyondPolicy] = useState(false);
  const refresh = useRefreshSales();
  // A refund sent again with the same figures (an answer lost) is the same refund: one key per dialog and figures.
  const [dialogKey] = useState(() => crypto.randomUUID());
  const refund = useMutation({
    mutationFn: (input: RefundInput) =>
      postJson<AdminPurchase>(`${SALES_KEY[0]}/${sale.id}/refund`, input, {
        'Idempotency-Key': `${dialogKey}.${input.amount ?? 'rest'}.${input.beyondPolicy ? 'beyond' : 'policy'}`,
      }),
    onSuccess: () => {
      void refresh();
      onClose();
    },
  });
  const typed = rupees.trim() ? (paiseOf(rupees) ?? -1) : undefined;
  const nothingToSend = typed === undefined && !beyondPolicy && owed.amount === 0;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (beyondPolicy) refund.mutate({ amount: typed, beyondPolicy });
    else refund.mutate({ amount: typed ?? owed.amount });
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="refund-title" fullWidth maxWidth="xs">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="refund-title">Refund {sale.buyerName ?? sale.buyerEmail}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            {sale.productName}: {formatPaise(left)} is left of the payment
            {sale.source === 'manual'
              ? ' (paid outside the site: return the money yourself; this records it).'
              : ', refunded through Razorpay.'}
          </Typography>
          <Alert severity="info" sx={{ mb: 2 }}>
            {owed.rule} The policy owes {formatPaise(owed.amount)}.
          </Alert>
          <TextField
            label={
              beyondPolicy
                ? 'Amount in rupees (empty: all that is left)'
                : 'Amount in rupees (empty: what the policy owes)'
            }
            value={rupees}
            onChange={(e) => setRupees(e.target.value)}
            fullWidth
            inputMode="decimal"
          />
          <FormControlLabel
            sx={{ mt: 1 }}
            control={<Checkbox checked={beyondPolicy} onChange={(e) => setBeyondPolicy(e.target.checked)} />}
            label="Beyond the policy (we cancelled, or a goodwill gesture)"
          />
          {refund.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {serverMessage(refund.error) ?? 'The refund could not be made.'}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" color="error" disabled={refund.isPending || nothingToSend}>
            Refund
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** A sale paid by bank transfer or UPI outside the site, recorded with its receipt. */
function RecordSaleDialog({ onClose }: { onClose: () => void }) {
  const [programId, setProgramId] = useState<ProgramId>('soul-spark-session');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [rupees, setRupees] = useState('');
  const [reference, setReference] = useState('');
  const refresh = useRefreshSales();
  const [idempotency] = useState(idempotencyHeader);
  const record = useMutation({
    mutationFn: () =>
      postJson<AdminPurchase>(
        SALES_KEY[0],
        {
          programId,
          name: name.trim(),
          email: email.trim(),
          ...(rupees.trim() ? { amount: paiseOf(rupees) ?? -1 } : {}),
          ...(reference.trim() ? { reference: reference.trim() } : {}),
        },
        idempotency,
      ),
    onSuccess: () => {
      void refresh();
      onClose();
    },
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby="record-sale-title" fullWidth maxWidth="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          record.mutate();
        }}
        noValidate
      >
        <DialogTitle id="record-sale-title">Record a sale</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              label="Program"
              value={programId}
              onChange={(e) => setProgramId(e.target.value as ProgramId)}
            >
              {PROGRAM_IDS.map((id) => (
                <MenuItem key={id} value={id}>
                  {PROGRAM_PRICES[id].name} ({formatPaise(PROGRAM_PRICES[id].amount)})
                </MenuItem>
              ))}
            </TextField>
            <TextField label="Client's name" value={name} onChange={(e) => setName(e.target.value)} required />
            <TextField
              label="Client's email"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
            />
            <TextField
              label="Amount paid in rupees (empty: the program's price)"
              value={rupees}
              onChange={(e) => setRupees(e.target.value)}
              inputMode="decimal"
            />
            <TextField
              label="Payment reference (UPI or bank)"
              value={reference}
              onChange={(e) => setReference(e.target.value)}
            />
            {record.isError && (
              <Alert severity="error">{serverMessage(record.error) ?? 'The sale could not be recorded.'}</Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={record.isPending}>
            Record and send the receipt
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** A revenue figure, net of refunds. */
function Revenue({ label, paise }: { label: string; paise: number | undefined }) {
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Card variant="outlined">
        <CardContent>
          <Typography color="text.secondary">{label}</Typography>
          <BigNumber>{paise === undefined ? '…' : formatPaise(paise)}</BigNumber>
        </CardContent>
      </Card>
    </Grid>
  );
}

const LIST_TEXTS: PagedListTexts = {
  search: 'Search by client, email, program or receipt',
  what: 'the sales',
  emptyTitle: 'No sales yet',
  emptyText: 'Purchases made on the site, and sales you record, will appear here.',
  table: 'Sales',
};

/** The coach's sales: revenue this month and financial year, every purchase, refunds and sales made outside the site. */
export function SalesTab() {
  const summary = useQuery<SalesSummary>({ queryKey: SALES_SUMMARY_KEY });
  const [refunding, setRefunding] = useState<AdminPurchase | null>(null);
  const [recording, setRecording] = useState(false);
  const columns: readonly Column<AdminPurchase>[] = [
    { label: 'Date', render: (p) => WHEN.format(new Date(p.completedAt ?? p.createdAt)) },
    { label: 'Program', render: (p) => p.productName },
    { label: 'Client', render: (p) => p.buyerName ?? (p.userId ? `Member #${p.userId}` : '—') },
    { label: 'Email', render: (p) => (p.buyerEmail ? <EmailAddress email={p.buyerEmail} /> : '—') },
    {
      label: 'Amount',
      render: (p) =>
        `${formatPaise(p.amount)}${p.amountRefunded ? ` (${formatPaise(p.amountRefunded)} refunded)` : ''}`,
    },
    {
      label: 'Status',
      render: (p) => <Chip size="small" label={p.status} color={STATUS_COLOR[p.status] ?? 'default'} />,
    },
    {
      label: 'Receipt',
      render: (p) =>
        p.invoiceNumber ? (
          <Button size="small" href={`${SALES_KEY[0]}/${p.id}/receipt`} download>
            {p.invoiceNumber}
          </Button>
        ) : (
          '—'
        ),
    },
    {
      label: 'Refund',
      render: (p) =>
        p.status === 'completed' ? (
          <Button size="small" color="error" onClick={() => setRefunding(p)}>
            Refund
          </Button>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <>
      <TabHeading title="Sales">
        <Button variant="contained" onClick={() => setRecording(true)}>
          Record a sale
        </Button>
      </TabHeading>
      <Grid container spacing={2} sx={{ mb: 3 }} component="section" aria-label="Revenue">
        <Revenue label="Revenue this month" paise={summary.data?.month} />
        <Revenue
          label={`Revenue this financial year${summary.data ? ` (${summary.data.financialYearLabel})` : ''}`}
          paise={summary.data?.financialYear}
        />
      </Grid>
      <PagedAdminList path={SALES_KEY[0]} texts={LIST_TEXTS} columns={columns} rowKey={(p) => p.id} />
      {refunding && <RefundDialog sale={refunding} onClose={() => setRefunding(null)} />}
      {recording && <RecordSaleDialog onClose={() => setRecording(false)} />}
    </>
  );
}
