import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Container,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { CheckoutOrder, CheckoutSettings } from '@coach/contracts';
import { isProgramId, PROGRAM_PRICES, priceText } from '@coach/site-rules';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { postJson, serverMessage } from '../../shared/api/client.ts';
import { useAuth } from '../../shared/api/auth.ts';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { BookingButton } from '../bookings/index.ts';
import { postReadLast } from '../insights/index.ts';
import { CHECKOUT_SETTINGS_KEY } from './EnrolButton.tsx';
import { payWithRazorpay } from './razorpayCheckout.ts';

interface Confirmed {
  purchaseId: string;
  status: string;
  productName: string;
}

/**
 * /checkout/{programId}: a program's enrolment. A member pays as herself; a visitor gives her name
 * and e-mail (her receipt carries the invitation to add the purchase to an account). The price is
 * the server's; Razorpay's own window takes the payment. Loaded as a whole page: only this page's
 * security policy admits Razorpay's script.
 */
export default function CheckoutPage() {
  const { programId = '' } = useParams();
  const price = isProgramId(programId) ? PROGRAM_PRICES[programId] : undefined;
  usePageTitle(price ? `Enrol: ${price.name}` : 'Enrol');
  const settings = useQuery<CheckoutSettings>({ queryKey: CHECKOUT_SETTINGS_KEY });
  const { user, isLoading: userLoading } = useAuth();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [attemptFailed, setAttemptFailed] = useState<string>();
  // One key for this visit's orders: a double click, or a retry, opens the same order.
  const [idempotencyKey] = useState(() => crypto.randomUUID());

  const pay = useMutation({
    mutationFn: async (): Promise<Confirmed | null> => {
      setAttemptFailed(undefined);
      const fromPost = postReadLast();
      const order = await postJson<CheckoutOrder>(
        '/api/checkout/orders',
        {
          programId,
          ...(user ? {} : { name: name.trim(), email: email.trim() }),
          ...(fromPost ? { fromPost } : {}),
        },
        { 'Idempotency-Key': idempotencyKey },
      );
      const paid = await payWithRazorpay(settings.data!.checkoutUrl, order, (failure) =>
        setAttemptFailed(failure.error.description),
      );
      return paid ? postJson<Confirmed>('/api/checkout/confirm', paid) : null;
    },
  });

  if (!price) {
    return (
      <Container maxWidth="sm" sx={{ py: 12, textAlign: 'center' }}>
        <Typography variant="h2" component="h1" gutterBottom>
          Program Not Found
        </Typography>
        <Button component={RouterLink} to="/coaching" variant="contained">
          See the programs
        </Button>
      </Container>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!pay.isPending) pay.mutate();
  };
  const confirmed = pay.data;

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 } }}>
      <Typography variant="overline" color="secondary.dark">
        Enrol
      </Typography>
      <Typography variant="h2" component="h1" gutterBottom>
        {price.name}
      </Typography>
      <Typography sx={{ fontSize: '1.6rem', fontWeight: 700, color: 'primary.dark', mb: 3 }}>
        {priceText(price, { perMonth: true })}
      </Typography>
      {settings.data?.testMode && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          Test mode: this is a test payment. No real money moves, and the payment window offers test buttons instead of
          a card or UPI.
        </Alert>
      )}
      {confirmed ? (
        <Card role="status">
          <CardContent sx={{ textAlign: 'center', p: 4 }}>
            <CheckCircleIcon color="success" sx={{ fontSize: 56 }} aria-hidden />
            <Typography variant="h4" component="p" gutterBottom>
              Thank you. Your payment is received.
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {user
                ? `${confirmed.productName} is now in your profile, with your receipt. Your receipt is on its way to your e-mail too.`
                : `Your receipt is on its way to ${email.trim()}, with a link that adds ${confirmed.productName} to your account once you sign up or sign in with that address.`}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
              {user ? (
                <>
                  <Button component={RouterLink} to={`/programs/${programId}`} variant="contained">
                    Open your program space
                  </Button>
                  <Button component={RouterLink} to="/profile" variant="outlined">
                    Go to your profile
                  </Button>
                </>
              ) : (
                <Button component={RouterLink} to="/signup" variant="contained">
                  Create your account
                </Button>
              )}
              <BookingButton variant="outlined">Book your first session</BookingButton>
            </Stack>
          </CardContent>
        </Card>
      ) : settings.isLoading || userLoading ? (
        <CircularProgress aria-label="Loading the checkout" />
      ) : !settings.data?.enabled ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography color="text.secondary">
            Payments are not open on this site yet. Book a free call, and we will find the right way to begin.
          </Typography>
          <BookingButton />
        </Stack>
      ) : (
        <Box component="form" onSubmit={onSubmit} noValidate>
          <Stack spacing={2}>
            {user ? (
              <Typography color="text.secondary">
                You are enrolling as {user.name} ({user.email}).
              </Typography>
            ) : (
              <>
                <Typography color="text.secondary">
                  Already a member? <RouterLink to="/login">Sign in</RouterLink> first and the purchase goes straight to
                  your profile.
                </Typography>
                <TextField
                  label="Name"
                  name="name"
                  autoComplete="name"
                  required
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                />
                <TextField
                  label="Email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              </>
            )}
            {(pay.isError || attemptFailed) && (
              <Alert severity="error">
                {pay.isError
                  ? (serverMessage(pay.error) ??
                    (pay.error instanceof Error ? pay.error.message : 'The payment could not start.'))
                  : `The payment did not go through: ${attemptFailed}. You can try again.`}
              </Alert>
            )}
            <Button
              type="submit"
              size="large"
              variant="contained"
              disabled={pay.isPending}
              startIcon={pay.isPending ? <CircularProgress size={18} color="inherit" /> : <LockIcon />}
            >
              Pay {priceText(price)}
            </Button>
            <Typography variant="body2" color="text.secondary">
              Payments are taken by Razorpay: UPI, cards, net banking and wallets. You receive a receipt by e-mail. Our{' '}
              <RouterLink to="/legal/refund-policy">refund policy</RouterLink> applies.
            </Typography>
          </Stack>
        </Box>
      )}
    </Container>
  );
}
