import { expect, test } from '@playwright/test';
import { hydrated } from './page-checks.ts';
import { signInAsCoach, signInAsMember } from './site-pages.ts';
import { openSection } from './workspace-nav.ts';

// A purchase walked end to end in Chromium against the embedded stack, whose Razorpay is the local
// stand-in: its checkout script, its signed answer to the page, its signed webhooks to the site.

const POST = 'the-quiet-art-of-beginning-again';

test('a visitor enrols from the programs page, pays in the test checkout and is thanked; the coach sees the sale, refunds part of it and finds it counted for the post the buyer read', async ({
  page,
  browser,
}) => {
  const email = `buyer.${Date.now().toString(36)}@example.com`;
  // She reads a post first, and goes on to the programs from it: the sale is counted for the post.
  await page.goto(`/blog/${POST}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Quiet Art of Beginning Again');
  await hydrated(page);
  await page.getByRole('navigation').first().getByRole('link', { name: 'Coaching' }).click();
  await page.getByRole('link', { name: 'Enrol now in Soul Spark Session' }).click();
  await expect(page).toHaveURL(/\/checkout\/soul-spark-session$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Soul Spark Session');
  await expect(page.getByText('Test mode: this is a test payment.')).toBeVisible();
  await page.getByLabel('Name').fill('Meera Iyer');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Pay ₹1,999' }).click();

  const sheet = page.getByRole('dialog', { name: 'Razorpay test checkout' });
  await sheet.getByRole('button', { name: 'Fail payment' }).click();
  await expect(page.getByText('The payment did not go through: Payment failed. You can try again.')).toBeVisible();
  await sheet.getByRole('button', { name: 'Pay ₹1,999.00' }).click();
  await expect(page.getByRole('status')).toContainText('Thank you. Your payment is received.');
  await expect(page.getByRole('status')).toContainText(`Your receipt is on its way to ${email}`);

  const coach = await browser.newPage();
  await signInAsCoach(coach);
  await coach.goto('/admin/dashboard');
  await openSection(coach, 'Sales');
  const sale = coach.getByRole('table', { name: 'Sales' }).getByRole('row').filter({ hasText: email });
  await expect(sale).toContainText('Soul Spark Session');
  await expect(sale).toContainText('₹1,999');
  await expect(sale).toContainText('completed');
  await expect(sale.getByRole('link', { name: /^INV\// })).toBeVisible();

  // She refunds part of it, told first what the refund policy owes on a Soul Spark Session.
  await sale.getByRole('button', { name: 'Refund' }).click();
  const refund = coach.getByRole('dialog', { name: 'Refund Meera Iyer' });
  await expect(refund).toContainText('A full refund if she cancels at least 24 hours before the session');
  await expect(refund).toContainText('The policy owes ₹1,999.');
  await refund.getByLabel('Amount in rupees (empty: what the policy owes)').fill('500');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(refund).toBeHidden();
  await expect(sale).toContainText('₹1,999 (₹500 refunded)');

  // Her Insights count the purchase for the post the buyer read before it.
  await openSection(coach, 'Insights');
  const perPost = coach.getByRole('table', { name: 'Conversions per post' }).getByRole('row').filter({ hasText: POST });
  await expect(async () => {
    await coach.reload();
    await expect(perPost).toBeVisible({ timeout: 2000 });
  }).toPass();
  const columns = await coach
    .getByRole('table', { name: 'Conversions per post' })
    .getByRole('columnheader')
    .allTextContents();
  expect(Number(await perPost.getByRole('cell').nth(columns.indexOf('Purchases')).textContent())).toBeGreaterThan(0);
  await coach.close();
});

test('a member pays as herself and finds the purchase and its receipt in her profile', async ({ page }) => {
  await signInAsMember(page);
  await page.goto('/checkout/heal-to-rise');
  await expect(page.getByText(/You are enrolling as .+ \(member@example\.com\)/)).toBeVisible();
  await page.getByRole('button', { name: 'Pay ₹45,000' }).click();
  await page.getByRole('dialog', { name: 'Razorpay test checkout' }).getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('status')).toContainText('Heal to Rise is now in your profile');
  await expect(page.getByRole('link', { name: 'Open your program space' })).toHaveAttribute(
    'href',
    '/programs/heal-to-rise',
  );
  await page.getByRole('link', { name: 'Go to your profile' }).click();
  const bought = page
    .getByRole('list', { name: 'Purchase history' })
    .getByRole('listitem')
    .filter({ hasText: 'Heal to Rise' })
    .first();
  // The receipt is drawn just after the payment is confirmed: the list shows it once it is there.
  await expect(async () => {
    await page.reload();
    await page.getByRole('tab', { name: /Purchase/ }).click();
    await expect(bought.getByRole('link', { name: /Download receipt INV\// })).toBeVisible({ timeout: 2000 });
  }).toPass();
  await expect(bought).toContainText('completed');
  const download = page.waitForEvent('download');
  await bought.getByRole('link', { name: /Download receipt INV\// }).click();
  expect((await download).suggestedFilename()).toMatch(/^receipt-.+\.pdf$/);
});
