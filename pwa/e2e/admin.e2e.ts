import { DEMO_ADMIN, DEMO_MEMBER } from '@coach/dev-stack';
import { expect, test } from '@playwright/test';
import { hydrated, noticeArea } from './page-checks.ts';
import { coachSignIn as adminSignIn, openSection } from './workspace-nav.ts';

test.describe('the admin', () => {
  test('validates the admin login, refuses a member, and signs in from /admin-login too', async ({ page }) => {
    await page.goto('/admin-login');
    // The app's own checks and notices (early-forms.e2e.ts walks the form sent before it wakes).
    await hydrated(page);
    await page.getByRole('button', { name: 'Sign in to Admin' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Email').fill('coach');
    await page.getByRole('button', { name: 'Sign in to Admin' }).click();
    await expect(page.getByText('Invalid email format')).toBeVisible();

    await page.getByLabel('Email').fill(DEMO_MEMBER.email);
    await page.getByLabel(/^Password\W*$/).fill(DEMO_MEMBER.password);
    await page.getByRole('button', { name: 'Sign in to Admin' }).click();
    await expect(noticeArea(page).getByRole('alert')).toContainText('Login failed');
    await expect(page).toHaveURL(/\/admin-login$/);

    await adminSignIn(page, '/admin-login');
    await expect(noticeArea(page)).toContainText('Welcome to the admin dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  });

  test('creates a post that appears on the blog, edits it and deletes it', async ({ page, context }) => {
    const id = Date.now().toString(36);
    const title = `Morning Light ${id}`;
    await adminSignIn(page);
    await openSection(page, 'Blog Posts');
    await page.getByRole('button', { name: 'New Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Blog Post' });
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await expect(dialog.getByText('Content is required')).toBeVisible();
    await expect(dialog.getByText('Category is required')).toBeVisible();
    await dialog.getByLabel(/^Title/).fill(title);
    await dialog.getByRole('combobox', { name: /Category/ }).click();
    await page.getByRole('option', { name: 'Mindfulness' }).click();
    await dialog
      .getByLabel(/^Content/)
      .fill('# Begin softly\nLet the first breath of the day be yours.\n\nStay with it.');
    await dialog.getByLabel(/^Tags/).fill(' dawn , breath ');
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await expect(noticeArea(page)).toContainText('Blog post created successfully');
    await expect(dialog).toBeHidden();

    const table = page.getByRole('table', { name: 'Blog posts' });
    const row = table.getByRole('row').filter({ hasText: title });
    await expect(row.getByText('Published')).toBeVisible();
    const view = row.getByRole('link', { name: /^View/ });
    await expect(view).toHaveAttribute('target', '_blank');
    const href = (await view.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/blog\/morning-light-/);

    const [tab] = await Promise.all([context.waitForEvent('page'), view.click()]);
    await expect(tab.locator('main h1')).toHaveText(title);
    await expect(tab.locator('main').getByText('Let the first breath of the day be yours.').last()).toBeVisible();
    await tab.close();

    const blog = await context.newPage();
    await blog.goto('/blog');
    await expect(blog.locator('main article').filter({ hasText: title })).toBeVisible();

    await row.getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Blog Post' });
    await expect(edit.getByLabel(/^Tags/)).toHaveValue('dawn, breath');
    await edit.getByLabel(/^Title/).fill(`${title} Renewed`);
    await edit.getByRole('button', { name: 'Update Post' }).click();
    await expect(noticeArea(page)).toContainText('Blog post updated successfully');
    const renewed = table.getByRole('row').filter({ hasText: `${title} Renewed` });
    await expect(renewed).toBeVisible();
    await blog.reload();
    await expect(blog.locator('main article').filter({ hasText: `${title} Renewed` })).toBeVisible();

    await renewed.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('dialog', { name: 'Delete this post?' }).getByRole('button', { name: 'Delete Post' }).click();
    await expect(noticeArea(page)).toContainText('Blog post deleted successfully');
    await expect(table.getByRole('row').filter({ hasText: title })).toHaveCount(0);
    await blog.reload();
    await expect(blog.locator('main article').first()).toBeVisible();
    await expect(blog.locator('main article').filter({ hasText: title })).toHaveCount(0);
    // Its page is gone too: 404 with the not-found page (at once, or once the short public cache lapses).
    await expect.poll(async () => (await blog.request.get(href)).status(), { timeout: 5_000 }).toBe(404);
    const gone = await blog.goto(href);
    expect(gone?.status()).toBe(404);
    await expect(blog.getByRole('heading', { name: 'Post Not Found' })).toBeVisible();
  });

  test('reads a contact message sent through /contact and sees a newsletter subscriber', async ({ page, browser }) => {
    const id = Date.now().toString(36);
    const visitor = await browser.newPage();
    await visitor.goto('/contact');
    const form = visitor.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Your Name').fill('Lakshmi Iyer');
    await form.getByLabel('Email Address').fill(`lakshmi.${id}@example.com`);
    await form.getByRole('combobox', { name: /Subject/ }).selectOption({ label: 'Retreat Information' });
    await form.getByLabel('Your Message').fill(`When is the next retreat? I would love to join. ${id}`);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(visitor.getByRole('status').filter({ hasText: 'Message Sent Successfully!' })).toBeVisible();

    await visitor.goto('/blog');
    const newsletter = visitor.getByRole('region', { name: 'Stay Connected' });
    await newsletter.getByRole('textbox').fill(`reader.${id}@example.com`);
    await newsletter.getByRole('button').click();
    await expect(visitor.getByText('Thank you for subscribing!')).toBeVisible();
    await visitor.close();

    await adminSignIn(page);
    await openSection(page, 'Messages');
    const row = page
      .getByRole('table', { name: 'Contact messages' })
      .getByRole('row')
      .filter({ hasText: `lakshmi.${id}@example.com` });
    await expect(row).toContainText('Retreat Information');
    await row.getByRole('button', { name: 'View message from Lakshmi Iyer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Retreat Information' });
    await expect(dialog).toContainText(`When is the next retreat? I would love to join. ${id}`);
    await expect(dialog.getByRole('link', { name: `lakshmi.${id}@example.com` })).toHaveAttribute(
      'href',
      `mailto:lakshmi.${id}@example.com`,
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await openSection(page, 'Newsletter');
    await expect(page.getByRole('table', { name: 'Newsletter subscribers' })).toContainText(`reader.${id}@example.com`);
  });

  test('counts the site, keeps admins undeletable and deletes a member after confirmation', async ({
    page,
    request,
  }) => {
    const id = Date.now().toString(36);
    const signup = await request.post('/api/auth/signup', {
      data: {
        name: 'Short Stay',
        username: `short_${id}`,
        email: `short.${id}@example.com`,
        password: 'Passing-Through-1',
      },
    });
    expect(signup.status()).toBe(201);

    await adminSignIn(page);
    const counts = page.getByRole('region', { name: 'Site counts' });
    for (const label of ['Total Users', 'Blog Posts', 'Site Visitors', 'Newsletter Subscribers']) {
      await expect(counts.getByText(label)).toBeVisible();
    }
    await expect(page.getByText(/^Welcome back, /)).toBeVisible();

    const users = page.getByRole('table', { name: 'Users' });
    const adminRow = users.getByRole('row').filter({ hasText: DEMO_ADMIN.email });
    await expect(adminRow).toBeVisible();
    await expect(adminRow.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await expect(
      users
        .getByRole('row')
        .filter({ hasText: DEMO_MEMBER.email })
        .getByRole('button', { name: /^Delete/ }),
    ).toBeVisible();

    const row = users.getByRole('row').filter({ hasText: `short.${id}@example.com` });
    await row.getByRole('button', { name: 'Delete user Short Stay' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this user?' });
    await expect(confirm).toContainText(`short.${id}@example.com`);
    await confirm.getByRole('button', { name: 'Delete User' }).click();
    await expect(noticeArea(page)).toContainText('User deleted successfully');
    await expect(row).toHaveCount(0);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(noticeArea(page)).toContainText('Logged out successfully');
    await expect(page).toHaveURL(/\/$/);
  });

  test('fits a 390 px phone: the tables become cards, nothing reaches past the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await adminSignIn(page);
    const lists = {
      Users: 'Users',
      'Blog Posts': 'Blog posts',
      Messages: 'Contact messages',
      Newsletter: 'Newsletter subscribers',
    };
    for (const [tab, list] of Object.entries(lists)) {
      await openSection(page, tab);
      await expect(page.getByRole('list', { name: list }).getByRole('listitem').first()).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      const widest = await page.evaluate(() => {
        const panel = document.querySelector('main');
        return Math.max(...[...(panel?.querySelectorAll('*') ?? [])].map((el) => el.getBoundingClientRect().right));
      });
      expect(widest, `${tab} reaches past the screen`).toBeLessThanOrEqual(390);
    }
  });
});
