import { afterAll, beforeAll, expect, it } from 'vitest';
import { caller, signedInCoach, startMembers, type Members } from '../testing/harness.ts';

// A production start without Razorpay's keys: the site says it takes no payments (the app then
// shows no Enrol button), and every payment endpoint refuses, changing nothing. The coach still
// records the sales paid outside the site, with their receipts and refunds.
let members: Members;
beforeAll(async () => {
  members = await startMembers();
}, 90_000);
afterAll(() => members?.stop());

it('takes no payment without keys (settings say so, orders and webhooks get 503), and records sales paid outside the site', async () => {
  const visitor = caller(members.url);
  expect((await visitor.get('/api/checkout/settings')).body).toMatchObject({ enabled: false, testMode: false });
  const order = await visitor.post('/api/checkout/orders', {
    programId: 'heal-to-rise',
    name: 'Meera Iyer',
    email: 'meera@example.com',
  });
  expect(order.status).toBe(503);
  expect(order.body.message).toBe('This site does not take payments yet');
  expect((await visitor.post('/api/payments/razorpay/webhook', { event: 'payment.captured' })).status).toBe(503);
  const admin = await signedInCoach(members.url);
  expect((await admin.get('/api/admin/purchases')).status).toBe(200);

  const sale = await admin.post('/api/admin/purchases', {
    programId: 'soul-spark-session',
    name: 'Asha Rao',
    email: 'asha@example.com',
    reference: 'UPI 4471',
  });
  expect(sale.status).toBe(201);
  expect(sale.body).toMatchObject({ status: 'completed', source: 'manual', amount: 199_900 });
  const refunded = await admin.post(`/api/admin/purchases/${sale.body.id}/refund`, {});
  expect(refunded.body).toMatchObject({ status: 'refunded', amountRefunded: 199_900 });
  expect((await admin.get(`/api/admin/purchases/${sale.body.id}/receipt`)).status).toBe(200);
});
