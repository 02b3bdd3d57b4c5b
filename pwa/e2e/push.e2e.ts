import { expect, test, type Page } from '@playwright/test';
import { waitForServiceWorker } from './offline-visitor.ts';

// The service worker shows the site's push messages, which the other end-to-end files block.
test.use({ serviceWorkers: 'allow' });

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
  await page.goto('/blog');
  await page.locator('main article a').first().click();
  await expect(page.locator('main h1')).toBeVisible();
  await waitForServiceWorker(page);
  // Nothing asked on load: the browser has not been asked for the permission yet.
  expect(await page.evaluate(() => Notification.permission)).toBe('default');

  await context.grantPermissions(['notifications'], { origin });
  await page.getByRole('button', { name: 'Notify me of new posts' }).click();
  // This Chromium subscribes through its vendor's push service, which this machine cannot reach:
  // the subscription is refused, and the reader is told so rather than left waiting.
  await expect(
    page.getByRole('alert').filter({ hasText: /push service|could not|Registration failed/i }),
  ).toBeVisible();

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
  // Its page opens on this site, whatever address the sender's SITE_URL gave.
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
    .poll(() => shownNotifications(page))
    .toEqual([
      {
        title: 'Letting go of what was',
        body: 'What we hold, holds us.',
        tag: 'post.1',
        navigate: `${origin}/blog/letting-go`,
      },
    ]);
});
