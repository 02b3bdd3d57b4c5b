import { randomUUID } from 'node:crypto';
import type { RazorpayStandin, TestSmtp } from '@coach/dev-stack';
import { siteClient } from './site-client.ts';

export interface Edge {
  domain: string;
  address: string;
  ca: string;
}

/** What one journey left behind, to be found again after a restart. */
export interface JourneyRecords {
  member: { email: string; password: string };
  contactEmail: string;
  newsletterEmail: string;
  purchaseId: string;
}

const expectStatus = (step: string, answer: { status: number; text: string }, ...statuses: number[]) => {
  if (!statuses.includes(answer.status))
    throw new Error(
      `${step}: answered ${answer.status}, expected ${statuses.join(' or ')}: ${answer.text.slice(0, 300)}`,
    );
};

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * A visitor's journey over HTTPS through the edge: she signs up, signs in, sends a contact
 * message (its acknowledgement reaches the SMTP server), asks the chat, subscribes to the
 * newsletter and buys a program with a test payment.
 */
export async function runJourney(edge: Edge, standin: RazorpayStandin, smtp: TestSmtp): Promise<JourneyRecords> {
  const visitor = siteClient(edge.domain, edge.address, edge.ca);
  const id = randomUUID().slice(0, 8);
  const member = { email: `seeker-${id}@example.com`, password: `Quiet-River-${id}-Dawn` };
  try {
    expectStatus('the home page', await visitor.get('/'), 200);
    const signup = await visitor.post('/api/auth/signup', {
      name: 'Asha Seeker',
      username: `seeker_${id}`,
      email: member.email,
      password: member.password,
    });
    expectStatus('sign up', signup, 201, 200);
    const login = await visitor.post('/api/auth/login', member);
    expectStatus('sign in', login, 200);
    if (!login.cookies.some((cookie) => /;\s*Secure/i.test(cookie)))
      throw new Error('sign in: the session cookie is not Secure');
    const me = await visitor.get('/api/auth/me');
    expectStatus('who am I', me, 200);
    if ((me.body as { email?: string }).email !== member.email) throw new Error(`who am I: ${me.text}`);

    const contactEmail = `visitor-${id}@example.com`;
    expectStatus(
      'a contact message',
      await visitor.post('/api/contact', {
        name: 'Asha',
        email: contactEmail,
        subject: 'general',
        message: 'I would love to talk about a session.',
      }),
      201,
    );
    await until('the contact acknowledgement e-mail', async () =>
      smtp.received.some((mail) => mail.to.includes(contactEmail)) ? true : undefined,
    );

    const chat = await visitor.post('/api/ai/chat', { message: 'How do I begin a daily practice?' });
    expectStatus('a chat reply', chat, 200);
    if (!(chat.body as { response?: string }).response?.trim()) throw new Error(`a chat reply: ${chat.text}`);

    const newsletterEmail = `reader-${id}@example.com`;
    expectStatus(
      'a newsletter sign-up',
      await visitor.post('/api/newsletter', { email: newsletterEmail }),
      201,
      200,
      202,
    );

    const order = await visitor.post('/api/checkout/orders', { programId: 'soul-spark-session' });
    expectStatus('a checkout order', order, 201);
    const { orderId, purchaseId } = order.body as { orderId: string; purchaseId: string };
    const paid = await standin.pay(orderId);
    const confirmed = await visitor.post('/api/checkout/confirm', paid);
    expectStatus('the payment confirmed', confirmed, 200);
    if ((confirmed.body as { status?: string }).status !== 'completed')
      throw new Error(`the purchase: ${confirmed.text}`);
    return { member, contactEmail, newsletterEmail, purchaseId };
  } finally {
    visitor.close();
  }
}

/** Every record of a journey, read back through the site: her account and purchase, as the coach sees the rest. */
export async function findJourneyRecords(
  edge: Edge,
  records: JourneyRecords,
  admin: { email: string; password: string },
) {
  const member = siteClient(edge.domain, edge.address, edge.ca);
  const coach = siteClient(edge.domain, edge.address, edge.ca);
  try {
    expectStatus('her sign-in after the restart', await member.post('/api/auth/login', records.member), 200);
    const purchases = await member.get('/api/profile/purchases');
    expectStatus('her purchases', purchases, 200);
    if (!purchases.text.includes(records.purchaseId))
      throw new Error(`her purchase is gone: ${purchases.text.slice(0, 300)}`);
    expectStatus('the coach signs in', await coach.post('/api/admin/login', admin), 200);
    const messages = await coach.get('/api/contact-messages');
    expectStatus('the contact messages', messages, 200);
    if (!messages.text.includes(records.contactEmail)) throw new Error('the contact message is gone');
    const subscribers = await coach.get('/api/newsletter-subscribers');
    expectStatus('the subscribers', subscribers, 200);
    if (!subscribers.text.includes(records.newsletterEmail)) throw new Error('the newsletter sign-up is gone');
  } finally {
    member.close();
    coach.close();
  }
}
