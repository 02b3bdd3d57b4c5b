import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMembers, type Members } from '../testing/harness.ts';

// A site whose booking keys are unset: the webhook endpoints never trust an unsigned booking.

let members: Members;
beforeAll(async () => {
  members = await startMembers();
}, 90_000);
afterAll(() => members?.stop());

const post = (path: string, body: string, headers: Record<string, string>) =>
  fetch(`${members.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

it('accepts nothing without its key, however the delivery is signed', async () => {
  const body = JSON.stringify({ event: 'invitee.created', created_at: new Date().toISOString(), payload: {} });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', '').update(`${t}.${body}`).digest('hex');
  expect(
    (await post('/api/bookings/calendly/webhook', body, { 'calendly-webhook-signature': `t=${t},v1=${v1}` })).status,
  ).toBe(400);
  const signature = createHmac('sha256', '').update(body).digest('hex');
  expect((await post('/api/bookings/cal/webhook', body, { 'x-cal-signature-256': signature })).status).toBe(401);
});
