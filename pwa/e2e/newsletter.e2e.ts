import { DEMO_ADMIN } from '@coach/dev-stack';
import { expect, test } from '@playwright/test';
import { outboxMails } from './outbox.ts';
import { hydrated, noticeArea } from './page-checks.ts';

/** The e-mails the embedded stack wrote for `to`. */
function mailsTo(to: string): string[] {
  return outboxMails().filter((mail) => new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'm').test(mail));
}

/** The site's link of a given path in the newsletter e-mail to `to` whose subject matches. */
async function linkInMail(to: string, subject: RegExp, linkPath: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = mailsTo(to).find((m) => subject.test(m));
        link = mail && new RegExp(`https?://[^/\\s]+(${linkPath}\\?[\\w=&%.-]+)`).exec(mail)?.[1];
        return link;
      },
      { timeout: 30_000 },
    )
    .toBeTruthy();
  return link!;
}

test('a reader subscribes, confirms from the e-mail, receives a post and unsubscribes by its link', async ({
  page,
}) => {
  const email = `reader-${Date.now().toString(36)}@example.org`;
  await page.goto('/blog');
  await hydrated(page);
  await page.getByLabel('Your email address').fill(email);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(noticeArea(page)).toContainText('Thank you for subscribing!');
  await expect(noticeArea(page)).toContainText("You'll receive weekly insights and inspiration in your inbox.");
  await expect(page.getByLabel('Your email address')).toHaveValue('');

  const confirm = await linkInMail(email, /^Subject: Please confirm your subscription$/m, '/newsletter/confirm');
  await page.goto(confirm);
  await expect(page.getByRole('heading', { level: 1, name: 'Your subscription is confirmed' })).toBeVisible();

  // The coach publishes a post for the subscribers.
  const login = await page.request.post('/api/admin/login', { data: DEMO_ADMIN });
  expect(login.ok()).toBe(true);
  const title = `Evening Stillness ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/admin/blog-posts', {
    data: {
      title,
      content: 'Let the day settle.\n\nBreathe out slowly.',
      category: 'Mindfulness',
      tags: ['evening'],
      isPublished: true,
      sendToSubscribers: true,
    },
  });
  expect(created.status()).toBe(201);
  const unsubscribe = await linkInMail(email, new RegExp(`^Subject: ${title}$`, 'm'), '/newsletter/unsubscribe');
  expect(unsubscribe).toContain('mailing=');

  await page.goto(unsubscribe);
  await expect(page.getByRole('heading', { level: 1, name: 'You have been unsubscribed' })).toBeVisible();
  // The same link again changes nothing and says the same.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'You have been unsubscribed' })).toBeVisible();

  const subscribers = await page.request.get('/api/newsletter-subscribers');
  const rows = (await subscribers.json()) as Array<{ email: string; state: string }>;
  expect(rows.find((s) => s.email === email)?.state).toBe('unsubscribed');
});

test('a forged link says it did not work', async ({ page }) => {
  await page.goto(`/newsletter/unsubscribe?token=${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This link did not work' })).toBeVisible();
  await expect(page.getByText('This unsubscribe link is not valid.')).toBeVisible();
  await page.goto(`/newsletter/confirm?token=${'y'.repeat(43)}`);
  await expect(
    page.getByText('This confirmation link is invalid or has expired. Please subscribe again on the blog.'),
  ).toBeVisible();
});
