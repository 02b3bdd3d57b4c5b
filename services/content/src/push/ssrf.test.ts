import { PUSH_DELIVERIES_COLLECTION } from '@coach/contracts';
import { DEFAULT_PUSH_SERVICE_HOSTS, PUSH_ENDPOINT_MESSAGES } from '@coach/kit';
import { startTestPushService, type Stack, type TestPushService } from '@coach/dev-stack';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type Site } from '../testing/site.ts';

// Subscriptions cannot make the site call into its own network: content takes endpoints on the
// push services' hosts alone, and ai-worker connects only to public addresses it resolved itself.
// The site runs as in production (private endpoints not allowed), with `localhost` added to the
// push services' hosts: a name that resolves to this machine, as a rebinding name would.

let push: TestPushService;
let site: Site;
let stack: Stack;
let publish: Site['publish'];
let db: mongoose.Connection;

beforeAll(async () => {
  push = await startTestPushService();
  site = await startSite('ssrf-test', {
    services: ['content', 'ai-worker'],
    env: {
      PUSH_SERVICE_HOSTS: [...DEFAULT_PUSH_SERVICE_HOSTS, 'localhost'].join(','),
      // Trusted, so that only the address check stands between the worker and this push service.
      NODE_EXTRA_CA_CERTS: push.caFile,
      SEED_DEMO: 'false',
    },
  });
  ({ stack, publish, db } = site);
}, 120_000);

afterAll(async () => {
  await site?.stop();
  await push?.stop();
});

const subscribe = async (endpoint: string) => {
  const { keys } = push.subscribe();
  const res = await fetch(`${stack.urls.content}/api/push/subscriptions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ subscription: { endpoint, keys }, kinds: ['posts'] }),
  });
  return { status: res.status, body: (await res.json()) as { message: string } };
};

describe('push endpoints', () => {
  it("are refused at subscription unless on a push service's host, whatever address or name they give", async () => {
    for (const endpoint of [
      'https://localhost./push/1',
      'https://[::7f00:1]/push/1',
      'https://[64:ff9b::7f00:1]/push/1',
      'https://[::ffff:7f00:1]/push/1',
      'https://198.18.0.1/push/1',
      'https://224.0.0.1/push/1',
      'https://127.0.0.1.nip.io/push/1',
      'https://metadata.google.internal./computeMetadata/v1',
      'https://169.254.169.254/latest/meta-data',
    ])
      expect(await subscribe(endpoint), endpoint).toEqual({
        status: 400,
        body: expect.objectContaining({ message: PUSH_ENDPOINT_MESSAGES.notPushService }),
      });
    expect((await subscribe('https://fcm.googleapis.com/fcm/send/ssrf-test')).status).toBe(201);
    expect(await db.collection('push_subscriptions').countDocuments({ endpoint: /^https:\/\/(?!fcm)/ })).toBe(0);
    await db.collection('push_subscriptions').deleteMany({});
  });

  it('are refused when sent if their host resolves to a loopback address, without a request to it', async () => {
    const browser = push.subscribe();
    const endpoint = browser.endpoint.replace('127.0.0.1', 'localhost');
    expect((await subscribe(endpoint)).status).toBe(201);
    const { _id } = (await db.collection('push_subscriptions').findOne({ endpoint }))!;
    const postId = new mongoose.Types.ObjectId().toString();
    await publish(
      'blog.post_published',
      { postId, slug: 'ssrf', title: 'A post', excerpt: 'Its words.', sendToSubscribers: true },
      postId,
    );
    const deliveries = db.collection(PUSH_DELIVERIES_COLLECTION);
    for (const started = Date.now(); Date.now() - started < 20_000;) {
      if (await deliveries.findOne({ subscriptionId: _id.toString(), state: 'failed' })) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await deliveries.findOne({ subscriptionId: _id.toString() })).toMatchObject({
      state: 'failed',
      error: expect.stringContaining('not a public address'),
    });
    expect(push.received).toEqual([]);
    expect(push.refused).toEqual([]);
  });
});
