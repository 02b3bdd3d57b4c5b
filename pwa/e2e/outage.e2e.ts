import { DEMO_ADMIN } from '@coach/dev-stack';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { notice, sendContactMessage, waitForServiceWorker } from './offline-visitor.ts';

// The service worker keeps the write, as it does for a visitor offline.
test.use({ serviceWorkers: 'allow' });

const mongodPid = () => {
  const pid = Number(process.env.E2E_MONGOD_PID);
  expect(pid).toBeGreaterThan(0);
  return pid;
};

async function messageCount(request: APIRequestContext, marker: string): Promise<number> {
  const login = await request.post('/api/admin/login', { data: DEMO_ADMIN });
  expect(login.ok()).toBe(true);
  const res = await request.get('/api/contact-messages');
  expect(res.status()).toBe(200);
  return ((await res.json()) as Array<{ message: string }>).filter((m) => m.message.includes(marker)).length;
}

test('a contact message sent while the database is away is kept, then stored exactly once when it is back', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const marker = `e2e-outage-contact-${Date.now()}`;
  await page.goto('/contact');
  await waitForServiceWorker(page);

  process.kill(mongodPid(), 'SIGSTOP');
  try {
    await sendContactMessage(page, `Sent while the database was away ${marker}`);
    // The same notice as offline: the server answered 503, the write waits in the outbox.
    await expect(notice(page, 'Saved offline')).toContainText(
      'Your message is saved and will be sent automatically when you are back online.',
      { timeout: 15_000 },
    );
  } finally {
    process.kill(mongodPid(), 'SIGCONT');
  }

  await expect(notice(page, 'Message delivered')).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => messageCount(request, marker)).toBe(1);
  // A later replay (an online event) sends nothing again.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.waitForTimeout(2000);
  expect(await messageCount(request, marker)).toBe(1);
});
