import { DEMO_ADMIN, startTestPushService, type TestPushService } from '@coach/dev-stack';
import { expect, test, type Page } from '@playwright/test';
import { waitForServiceWorker } from './offline-visitor.ts';

// The service worker shows the site's push messages, which the other end-to-end files block.
test.use({ serviceWorkers: 'allow' });

// The push service of this machine (global-setup made its certificate, which ai-worker trusts).
let push: TestPushService;
test.beforeAll(async () => {
  push = await startTestPushService({ dir: process.env.E2E_PUSH_SERVICE_DIR });
});
test.afterAll(async () => {
  await push?.stop();
});

/**
 * This Chromium subscribes through its vendor's push service, which this machine cannot reach:
 * its PushManager hands the page a subscription of the local push service instead, and keeps the
 * application server key the page subscribed with.
 */
async function subscribeThroughLocalPushService(page: Page, subscription: ReturnType<TestPushService['subscribe']>) {
  await page.addInitScript((json) => {
    let current: PushSubscription | null = null;
    PushManager.prototype.getSubscription = async () => current;
    PushManager.prototype.subscribe = async function (options) {
      const key = new Uint8Array(options!.applicationServerKey as ArrayBuffer);
      (window as { subscribedWithKey?: string }).subscribedWithKey = btoa(String.fromCharCode(...key))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      current = {
        endpoint: json.endpoint,
        toJSON: () => json,
        unsubscribe: async () => ((current = null), true),
      } as unknown as PushSubscription;
      return current;
    };
  }, subscription);
}

/** The notifications the page's service worker shows. */
const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      navigate: (n.data as { navigate?: string } | null)?.navigate,
    })),
  );

test('a reader is asked for notifications only after her click, and the service worker shows a push message of the site', async ({
  page,
  context,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const browser = push.subscribe();
  await subscribeThroughLocalPushService(page, browser);
  await page.goto('/blog');
  await page.locator('main article a').first().click();
  await expect(page.locator('main h1')).toBeVisible();
  await waitForServiceWorker(page);
  // Nothing asked on load: the browser has not been asked for the permission yet.
  expect(await page.evaluate(() => Notification.permission)).toBe('default');

  await context.grantPermissions(['notifications'], { origin });
  await page.getByRole('button', { name: 'Notify me of new posts' }).click();
  await expect(page.getByRole('button', { name: 'You will be notified' })).toBeDisabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
  const { publicKey } = (await (await page.request.get('/api/push/public-key')).json()) as { publicKey: string };
  expect(await page.evaluate(() => (window as { subscribedWithKey?: string }).subscribedWithKey)).toBe(publicKey);

  // The coach publishes a post for subscribers: ai-worker sends it to this browser's push service,
  // signed with the site's key and encrypted for this browser.
  const admin = await page.context().request.post('/api/admin/login', { data: DEMO_ADMIN });
  expect(admin.ok()).toBe(true);
  const title = `Quiet Dawn ${Date.now().toString(36)}`;
  const created = await page.context().request.post('/api/admin/blog-posts', {
    data: {
      title,
      content: 'Begin before the world does.\n\nSit with the first light.',
      category: 'Mindfulness',
      tags: ['dawn'],
      isPublished: true,
      sendToSubscribers: true,
    },
  });
  expect(created.status()).toBe(201);
  const { slug } = (await created.json()) as { slug: string };
  await expect.poll(() => push.receivedBy(browser.endpoint).length, { timeout: 30_000 }).toBe(1);
  const [message] = push.receivedBy(browser.endpoint);
  expect(message!.vapidKey).toBe(publicKey);
  expect(message!.payload).toMatchObject({
    web_push: 8030,
    notification: { title, navigate: expect.stringMatching(new RegExp(`/blog/${slug}$`)) },
  });
  expect(push.refused).toEqual([]);

  // A push message as ai-worker sends it, delivered to the service worker by the browser itself.
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const deliver = async (message: unknown) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: await registrationId,
      data: JSON.stringify(message),
    });
  // Not a notification of the site's form: nothing shown.
  await deliver({ web_push: 8030, notification: { body: 'No title', navigate: `${origin}/` } });
  // The message the push service received, shown; its page opens on this site, whatever address the sender's SITE_URL gave.
  await deliver(message!.payload);
  const sent = (message!.payload as { notification: { body: string; tag: string } }).notification;
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([{ title, body: sent.body, tag: sent.tag, navigate: `${origin}/blog/${slug}` }]);
  await deliver({
    web_push: 8030,
    notification: {
      title: 'Letting go of what was',
      body: 'What we hold, holds us.',
      navigate: 'https://coach.example/blog/letting-go',
      tag: 'post.1',
      lang: 'en',
    },
  });
  await expect
    .poll(async () => (await shownNotifications(page)).find((n) => n.tag === 'post.1'))
    .toEqual({
      title: 'Letting go of what was',
      body: 'What we hold, holds us.',
      tag: 'post.1',
      navigate: `${origin}/blog/letting-go`,
    });
});
