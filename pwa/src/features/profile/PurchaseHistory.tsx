import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import type { Purchase } from '@coach/contracts';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { postJson, serverMessage } from '../../shared/api/client.ts';
import { Link as RouterLink } from 'react-router';
import { formatLongDate } from '../../shared/dates.ts';
import { formatInr, productTypeLabel } from './growth.ts';
import { PURCHASES_KEY } from './queries.ts';
import { QueryState } from '../../shared/ui/QueryState.tsx';

/** A status chip: 'completed' in green, any other status muted. */
function StatusChip({ status }: { status: string }) {
  const completed = status === 'completed';
  return (
    <Chip
      size="small"
      label={status}
      data-status={completed ? 'completed' : 'other'}
      sx={completed ? { bgcolor: '#E3F1E5', color: '#1E5A2B' } : { bgcolor: 'grey.200', color: 'text.secondary' }}
    />
  );
}

/** A monthly membership: active, with a way to cancel it (asked twice), or cancelled. */
function MembershipControl({ purchase }: { purchase: Purchase }) {
  const [asking, setAsking] = useState(false);
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => postJson(`/api/checkout/subscriptions/${purchase.id}/cancel`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PURCHASES_KEY }),
  });
  if (purchase.membership === 'cancelled') {
    return (
      <Typography variant="body2" color="text.secondary">
        Membership cancelled
      </Typography>
    );
  }
  if (!asking) {
    return (
      <Button size="small" color="error" onClick={() => setAsking(true)}>
        Cancel membership
      </Button>
    );
  }
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
      <Typography variant="body2">No further month will be charged.</Typography>
      <Button
        size="small"
        variant="contained"
        color="error"
        disabled={cancel.isPending}
        onClick={() => cancel.mutate()}
      >
        Yes, cancel my membership
      </Button>
      {cancel.isError && (
        <Typography variant="body2" color="error">
          {serverMessage(cancel.error) ?? 'The membership could not be cancelled. Please try again.'}
        </Typography>
      )}
    </Stack>
  );
}

/** The member's purchases: amounts in rupees from minor units; an empty list points to /coaching. */
export function PurchaseHistory({ totalSpent }: { totalSpent: number | undefined }) {
  const purchases = useQuery<Purchase[]>({ queryKey: PURCHASES_KEY });
  return (
    <QueryState
      query={purchases}
      what="your purchases"
      emptyTitle="No purchases yet"
      emptyText="When you join a program or book a session, it will appear here."
      emptyAction={
        <Button component={RouterLink} to="/coaching" variant="contained">
          Explore Coaching Programs
        </Button>
      }
    >
      {(rows) => (
        <>
          {totalSpent !== undefined && (
            <Typography sx={{ mb: 2, color: 'text.secondary' }}>
              Total invested in your growth:{' '}
              <Box component="strong" sx={{ color: 'primary.dark' }}>
                {formatInr(totalSpent)}
              </Box>
            </Typography>
          )}
          <Stack component="ul" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Purchase history">
            {rows.map((p) => (
              <li key={p.id}>
                <Card>
                  <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
                      <Box sx={{ minWidth: 0 }}>
                        <Typography component="h3" sx={{ fontWeight: 700, color: 'primary.dark' }}>
                          {p.productName}
                        </Typography>
                        <Typography variant="body2" sx={{ color: 'text.secondary', textTransform: 'capitalize' }}>
                          {productTypeLabel(p.productType)}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          Purchased {formatLongDate(p.createdAt)}
                          {p.sessionDate && ` · Session ${formatLongDate(p.sessionDate)}`}
                        </Typography>
                        {p.notes && <Typography sx={{ mt: 1 }}>{p.notes}</Typography>}
                      </Box>
                      <Stack spacing={1} sx={{ alignItems: { xs: 'flex-start', sm: 'flex-end' }, flexShrink: 0 }}>
                        <Typography sx={{ fontWeight: 700, fontSize: '1.2rem', color: 'primary.dark' }}>
                          {formatInr(p.amount)}
                        </Typography>
                        <StatusChip status={p.status} />
                        {p.amountRefunded > 0 && (
                          <Typography variant="body2" color="text.secondary">
                            {formatInr(p.amountRefunded)} refunded
                          </Typography>
                        )}
                        {p.invoiceNumber && (
                          <Button
                            size="small"
                            href={`/api/profile/purchases/${p.id}/receipt`}
                            download
                            startIcon={<ReceiptIcon />}
                            aria-label={`Download receipt ${p.invoiceNumber}`}
                          >
                            Receipt
                          </Button>
                        )}
                        {p.status === 'completed' && p.programId && (
                          <Button
                            size="small"
                            variant="contained"
                            component={RouterLink}
                            to={`/programs/${p.programId}`}
                          >
                            Open your program space
                          </Button>
                        )}
                        {p.membership && p.status === 'completed' && <MembershipControl purchase={p} />}
                        {(p.status === 'pending' || p.status === 'failed') && p.programId && (
                          <Button size="small" variant="outlined" href={`/checkout/${p.programId}`}>
                            {p.status === 'failed' ? 'Try the payment again' : 'Complete the payment'}
                          </Button>
                        )}
                      </Stack>
                    </Stack>
                  </CardContent>
                </Card>
              </li>
            ))}
          </Stack>
        </>
      )}
    </QueryState>
  );
}
