import { AxeBuilder } from '@axe-core/playwright';
import { silentMp3 } from '@coach/dev-stack';
import type { AdminClientDetail, CurrentUser } from '@coach/contracts';
import { expect, test, type Page } from '@playwright/test';
import { goOffline, waitForServiceWorker } from './offline-visitor.ts';
import { outboxMails } from './outbox.ts';
import { hydrated, noticeArea } from './page-checks.ts';
import { widerThanScreen } from './screen-checks.ts';
import { signInAsCoach } from './site-pages.ts';
import { uniqueAccount } from './site-api.ts';
import { openSection } from './workspace-nav.ts';

// A program's client space walked end to end in Chromium against the embedded stack (Razorpay is
// the local stand-in): the coach sets the program up; a visitor buys it from its page with a test
// payment, makes her account and adds the purchase to it with her receipt's link; she answers,
// signs, gets her booking link, keeps the audio on her phone and plays it, seeking, with the
// network cut; her homework answer written offline reaches the coach once she is back online.

test.use({ serviceWorkers: 'allow' });

const PROGRAM = { id: 'spiritual-mastery-intensive', title: 'Spiritual Mastery Intensive', price: '₹1,25,000' };
const AUDIO_SECONDS = 60;

/** The e-mail with this subject the stack's ai-worker wrote to its outbox for an address, once it is there. */
function mailTo(email: string, subject: string): string | undefined {
  return outboxMails()
    .filter((mail) => new RegExp(`^To: .*${email.replace(/[.]/g, '\\.')}`, 'mi').test(mail))
    .find((mail) => mail.split(/\r?\n/).includes(`Subject: ${subject}`));
}

/** The link of a visitor's receipt e-mail that adds her purchase to her account. */
function receiptClaimLink(email: string): URL | undefined {
  const link = /https?:\/\/\S+\/profile\?claim=[\w.-]+/.exec(
    mailTo(email, `Your receipt: ${PROGRAM.title}`) ?? '',
  )?.[0];
  return link ? new URL(link) : undefined;
}

/** The audio element's state, after asking it to play from `from` seconds. */
async function playFrom(page: Page, from: number) {
  return page.evaluate(async (at) => {
    const audio = document.querySelector('audio')!;
    if (audio.readyState < 1) {
      audio.load();
      await new Promise((resolve, reject) => {
        audio.addEventListener('loadedmetadata', resolve, { once: true });
        audio.addEventListener('error', () => reject(new Error(`media error ${audio.error?.code}`)), { once: true });
      });
    }
    audio.muted = true;
    audio.currentTime = at;
    await audio.play();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    return { currentTime: audio.currentTime, duration: audio.duration, paused: audio.paused, error: audio.error?.code };
  }, from);
}

test('the coach sets up a program; a visitor buys it, claims it, answers, signs, books, and plays its audio offline', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The coach: a welcome, a required question, an agreement and an audio file.
  const coach = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
  await signInAsCoach(coach);
  await coach.goto('/admin/dashboard');
  await openSection(coach, 'Programs');
  await coach.getByRole('button', { name: `Set up ${PROGRAM.title}` }).click();
  const setup = coach.getByRole('form', { name: `${PROGRAM.title}: welcome, intake and agreement` });
  await setup.getByLabel('Welcome').fill('Welcome to six months of deep practice.');
  await setup.getByRole('button', { name: 'Add a question' }).click();
  await setup.getByRole('textbox', { name: 'Question 1' }).fill('What brings you to this work?');
  await setup
    .getByLabel(/^Coaching agreement/)
    .fill('Coaching is not therapy. Sessions moved within a day are counted.');
  await setup.getByRole('button', { name: 'Save' }).click();
  await expect(setup.getByText('Saved.')).toBeVisible();
  const upload = coach.getByRole('form', { name: 'Upload a file' });
  await upload.getByLabel('Title').fill('Evening meditation');
  await upload
    .getByLabel('File')
    .setInputFiles({ name: 'evening.mp3', mimeType: 'audio/mpeg', buffer: silentMp3(AUDIO_SECONDS) });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(coach.getByText('Evening meditation').first()).toBeVisible();

  // A visitor, signed out, buys the program from its page with a test payment: her name and e-mail.
  const client = uniqueAccount('Lakshmi Rao', 'lakshmi', 'Gentle-Breath-42');
  await page.goto('/coaching');
  await hydrated(page);
  await page.getByRole('link', { name: `Enrol now in ${PROGRAM.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${PROGRAM.id}$`));
  await expect(page.getByText('Test mode: this is a test payment.')).toBeVisible();
  await page.getByLabel('Name').fill(client.name);
  await page.getByLabel('Email').fill(client.email);
  await page.getByRole('button', { name: `Pay ${PROGRAM.price}` }).click();
  await page.getByRole('dialog', { name: 'Razorpay test checkout' }).getByRole('button', { name: /^Pay / }).click();
  const thanks = page.getByRole('status');
  await expect(thanks).toContainText('Thank you. Your payment is received.');
  await expect(thanks).toContainText(`Your receipt is on its way to ${client.email}`);

  // She makes her account from the receipt page, with the address she paid with, and signs in.
  await thanks.getByRole('link', { name: 'Create your account' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await hydrated(page);
  await page.getByLabel('Full Name').fill(client.name);
  await page.getByLabel('Username').fill(client.username);
  await page.getByLabel('Email').fill(client.email);
  await page.getByLabel(/^Password/).fill(client.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const signIn = page.getByRole('form', { name: 'Sign in' });
  await expect(signIn.getByLabel('Email')).toHaveValue(client.email);
  await signIn.getByLabel(/^Password/).fill(client.password);
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/community$/);
  const userId = Number(((await (await page.request.get('/api/auth/me')).json()) as CurrentUser).id);

  // The receipt e-mail's link adds the purchase to her account; her profile opens her space.
  await expect.poll(() => receiptClaimLink(client.email)?.pathname, { timeout: 30_000 }).toBe('/profile');
  const claimLink = receiptClaimLink(client.email)!;
  // The program's welcome came too, with the way to her space.
  await expect
    .poll(() => mailTo(client.email, `Welcome to ${PROGRAM.title}`), { timeout: 30_000 })
    .toContain(`/programs/${PROGRAM.id}`);
  await page.goto(`${claimLink.pathname}${claimLink.search}`);
  await expect(noticeArea(page)).toContainText('Your purchase is in your profile');
  await page.getByRole('tab', { name: /Purchase/ }).click();
  const bought = page
    .getByRole('list', { name: 'Purchase history' })
    .getByRole('listitem')
    .filter({ hasText: PROGRAM.title });
  await bought.getByRole('link', { name: 'Open your program space' }).click();

  // Her space: the intake first, then the agreement, then her booking link.
  await expect(page.getByRole('heading', { level: 1, name: PROGRAM.title })).toBeVisible();
  await hydrated(page);
  await expect(page.getByText('Welcome to six months of deep practice.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book a session' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Send my answers' }).click();
  await expect(page.getByText('This question needs an answer')).toBeVisible();
  await page.getByLabel('What brings you to this work?').fill('To meet myself without fear.');
  await page.getByRole('button', { name: 'Send my answers' }).click();
  await expect(page.getByRole('heading', { name: 'Your coaching agreement' })).toBeVisible();
  await page.getByLabel('I have read the agreement and accept it').check();
  await page.getByLabel('Your full name, as your signature').fill(client.name);
  await page.getByRole('button', { name: 'Sign the agreement' }).click();
  const book = page.getByRole('link', { name: 'Book a session' });
  await expect(book).toBeVisible();
  const bookingUrl = new URL((await book.getAttribute('href'))!);
  expect(bookingUrl.searchParams.get('email')).toBe(client.email);
  expect(bookingUrl.searchParams.get('utm_content')).toMatch(new RegExp(`^${userId}-`));
  await expect(page.getByText('0 of 24 sessions used')).toBeVisible();

  // The coach sees where she stands, and sets her homework.
  await openSection(coach, 'Clients');
  await expect(coach.getByText(client.email).first()).toBeVisible();
  const homework = await coach.request.post(`/api/admin/clients/${userId}/homework`, {
    data: { programId: PROGRAM.id, prompt: 'Sit with the evening meditation and write what rose.' },
  });
  expect(homework.status()).toBe(201);

  // She keeps the audio on the device, and plays and seeks it with the network cut.
  await waitForServiceWorker(page);
  await page.reload();
  await hydrated(page);
  const meditation = page.getByRole('listitem').filter({ hasText: 'Evening meditation' });
  await meditation.getByLabel('Available offline').click();
  await expect(meditation.getByText('Kept on this device')).toBeVisible({ timeout: 30_000 });
  await goOffline(page.context(), page);
  await page.reload();
  await expect(page.getByText('You are offline: this is your space as it was on your last visit.')).toBeVisible();
  await expect(page.getByText('Sit with the evening meditation and write what rose.')).toBeVisible();
  const started = await playFrom(page, 5);
  expect(started.error).toBeUndefined();
  expect(started.duration).toBeGreaterThan(AUDIO_SECONDS - 2);
  expect(started.paused).toBe(false);
  expect(started.currentTime).toBeGreaterThan(5.3);
  const sought = await playFrom(page, 45);
  expect(sought.currentTime).toBeGreaterThan(45.3);
  expect(sought.currentTime).toBeLessThan(AUDIO_SECONDS);

  // Her homework answer, written offline, waits on the device and reaches the coach once online.
  const answer = 'Quiet, then grief, then a small warmth.';
  await page.getByRole('textbox', { name: 'Your answer' }).fill(answer);
  await page.getByRole('button', { name: 'Send my answer' }).click();
  await expect(page.getByText('Saved on this device: it will be sent when you are back online.')).toBeVisible();
  await page.context().setOffline(false);
  await expect(async () => {
    const detail = (await (await coach.request.get(`/api/admin/clients/${userId}`)).json()) as AdminClientDetail;
    expect(detail.homework.map((h) => h.answer)).toEqual([answer]);
    expect(detail.programs[0]).toMatchObject({
      stage: 'ready',
      intake: { answers: { 'question-1': 'To meet myself without fear.' } },
    });
    expect(detail.programs[0]!.agreement?.fullName).toBe(client.name);
  }).toPass({ timeout: 30_000 });
  await coach.close();
});

/** What is wrong with the page on a phone: anything wider than the screen, and axe's violations. */
async function phoneProblems(page: Page): Promise<string[]> {
  const axe = new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .exclude('footer');
  const { violations } = await axe.analyze();
  return [
    ...(await widerThanScreen(page)),
    ...violations.map((v) => `${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
  ];
}

test("the client's space and the coach's sections fit a 390 px phone, each step of the way", async ({
  page,
  browser,
}) => {
  const RETREAT = { id: 'breakthrough-weekend-retreat', title: 'Breakthrough Weekend Retreat' };
  const coach = await (
    await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } })
  ).newPage();
  await signInAsCoach(coach);
  const portal = await coach.request.put(`/api/admin/programs/${RETREAT.id}/portal`, {
    data: {
      welcome: 'Three days to come home to yourself.',
      intake: {
        questions: [
          { id: 'hope', label: 'What do you hope to leave behind?', kind: 'longtext', required: true },
          { id: 'energy', label: 'How rested do you feel?', kind: 'scale', required: true },
          { id: 'diet', label: 'Meals', kind: 'choice', options: ['Vegetarian', 'Vegan'], required: false },
        ],
      },
      agreement: { text: 'The retreat is a space of silence in the mornings.' },
    },
  });
  expect(portal.ok(), await portal.text()).toBe(true);
  const client = uniqueAccount('Uma Devi', 'uma', 'Gentle-Breath-42');
  expect((await page.request.post('/api/auth/signup', { data: client })).status()).toBe(201);
  expect(
    (await page.request.post('/api/auth/login', { data: { email: client.email, password: client.password } })).ok(),
  ).toBe(true);
  const sale = await coach.request.post('/api/admin/purchases', {
    data: { programId: RETREAT.id, name: client.name, email: client.email },
  });
  expect(sale.status()).toBe(201);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/programs/${RETREAT.id}`);
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Send my answers' })).toBeVisible();
  expect(await phoneProblems(page), 'the intake').toEqual([]);
  await page.getByLabel('What do you hope to leave behind?').fill('The hurry.');
  await page.getByRole('button', { name: '7 of 10' }).click();
  await page.getByRole('button', { name: 'Send my answers' }).click();
  await expect(page.getByRole('button', { name: 'Sign the agreement' })).toBeVisible();
  expect(await phoneProblems(page), 'the agreement').toEqual([]);

  await coach.goto('/admin/dashboard');
  await openSection(coach, 'Programs');
  await coach.getByRole('button', { name: `Set up ${RETREAT.title}` }).click();
  await expect(coach.getByRole('button', { name: 'Add a question' })).toBeVisible();
  expect(await phoneProblems(coach), 'the Programs section').toEqual([]);
  await openSection(coach, 'Clients');
  await coach.getByRole('button', { name: `Open ${client.name}` }).click();
  await expect(coach.getByRole('dialog', { name: client.name })).toContainText('The hurry.');
  expect(await phoneProblems(coach), 'a client in the Clients section').toEqual([]);
  await coach.close();
});
