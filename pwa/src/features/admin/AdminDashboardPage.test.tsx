import type { AdminBlogPost, AdminUser, ContactMessage, Insights, NewsletterSubscriber } from '@coach/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sampleAdmin as admin, sampleMember as member, failWith } from '../../test/http.ts';
import { renderWithApp } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import AdminDashboardPage from './AdminDashboardPage.tsx';
import { AdminWorkspace } from './AdminWorkspace.tsx';

const post = (over: Partial<AdminBlogPost>): AdminBlogPost => ({
  id: 'a'.repeat(24),
  slug: 'finding-stillness',
  title: 'Finding Stillness',
  excerpt: '',
  content: '# Stillness\nBreathe.',
  category: 'Mindfulness',
  imageUrl: '',
  createdAt: '2025-02-01T10:00:00.000Z',
  updatedAt: '2025-02-01T10:00:00.000Z',
  readTime: 3,
  isGenerated: false,
  tags: ['calm', 'breath'],
  isPublished: true,
  publishedAt: '2025-02-01T10:00:00.000Z',
  sendToSubscribers: true,
  ...over,
});
const POSTS = [
  post({}),
  post({
    id: 'b'.repeat(24),
    slug: 'daily-wisdom',
    title: 'Daily Wisdom',
    category: 'Daily Wisdom',
    isPublished: false,
    tags: [],
  }),
];
const MESSAGES: ContactMessage[] = [
  {
    id: 'c1',
    name: 'Ravi Kumar',
    email: 'ravi@example.com',
    subject: 'retreat',
    message: 'When is the next retreat?\nThank you.',
    createdAt: '2025-03-01T10:00:00.000Z',
    readAt: null,
  },
  {
    id: 'c2',
    name: 'Asha Rao',
    email: 'asha@example.com',
    subject: 'general',
    message: 'Thank you for the session.',
    createdAt: '2025-02-27T10:00:00.000Z',
    readAt: '2025-02-28T10:00:00.000Z',
  },
];
const SUBSCRIBERS: NewsletterSubscriber[] = [
  { id: 's1', email: 'reader@example.com', subscribedAt: '2025-03-02T10:00:00.000Z', state: 'confirmed' },
  { id: 's2', email: 'new@example.com', subscribedAt: '2025-03-03T10:00:00.000Z', state: 'pending' },
  { id: 's3', email: 'left@example.com', subscribedAt: '2025-03-01T10:00:00.000Z', state: 'unsubscribed' },
];

/** An admin session with the dashboard's data; requests are recorded. */
const BOOKINGS = [
  {
    id: 'b2',
    provider: 'calendly',
    eventName: 'Free Clarity Call',
    email: 'visitor@example.org',
    name: 'New Visitor',
    userId: null,
    startTime: '2025-03-10T09:00:00.000Z',
    endTime: '2025-03-10T09:30:00.000Z',
    status: 'booked',
    updatedAt: '2025-03-01T09:00:00.000Z',
  },
  {
    id: 'b1',
    provider: 'cal',
    eventName: 'Soul Spark Session',
    email: 'asha@example.com',
    name: 'Asha Rao',
    userId: 7,
    startTime: '2025-02-20T10:00:00.000Z',
    endTime: '2025-02-20T11:30:00.000Z',
    status: 'attended',
    updatedAt: '2025-02-20T11:30:00.000Z',
  },
];

function dashboard({ me = admin, twoStepOn = true }: { me?: AdminUser; twoStepOn?: boolean } = {}) {
  const users = [admin, member];
  const posts = [...POSTS];
  const messages = MESSAGES.map((m) => ({ ...m }));
  const calls: string[] = [];
  const bodies: unknown[] = [];
  let settings = { delivery: 'per-post' };
  server.use(
    http.get('/api/auth/me', () => HttpResponse.json(me)),
    http.get('/api/auth/two-step', () =>
      HttpResponse.json({ enabled: twoStepOn, recoveryCodesLeft: twoStepOn ? 10 : 0 }),
    ),
    http.get('/api/admin/users', () => (calls.push('users'), HttpResponse.json(users))),
    http.delete('/api/admin/users/:id', ({ params }) => {
      calls.push(`delete user ${String(params.id)}`);
      users.splice(
        users.findIndex((u) => u.id === params.id),
        1,
      );
      return HttpResponse.json({ ok: true });
    }),
    http.get('/api/admin/blog-posts', () => (calls.push('posts'), HttpResponse.json(posts))),
    http.post('/api/admin/blog-posts', async ({ request }) => {
      const body = (await request.json()) as Partial<AdminBlogPost>;
      bodies.push(body);
      posts.unshift(post({ ...body, id: 'c'.repeat(24), slug: 'new-light' }));
      return HttpResponse.json(posts[0], { status: 201 });
    }),
    http.put('/api/admin/blog-posts/:id', async ({ request, params }) => {
      const body = (await request.json()) as Partial<AdminBlogPost>;
      bodies.push(body);
      const index = posts.findIndex((p) => p.id === params.id);
      posts[index] = { ...posts[index], ...body };
      return HttpResponse.json(posts[index]);
    }),
    http.delete('/api/admin/blog-posts/:id', ({ params }) => {
      calls.push(`delete post ${String(params.id)}`);
      posts.splice(
        posts.findIndex((p) => p.id === params.id),
        1,
      );
      return HttpResponse.json({ ok: true });
    }),
    http.get('/api/contact-messages', () => {
      calls.push('messages');
      const unread = messages.filter((m) => !m.readAt).length;
      return HttpResponse.json(messages, { headers: { 'X-Unread-Count': String(unread) } });
    }),
    http.patch('/api/contact-messages/:id', async ({ params, request }) => {
      const { read } = (await request.json()) as { read: boolean };
      calls.push(`${read ? 'read' : 'unread'} ${String(params.id)}`);
      const message = messages.find((m) => m.id === params.id)!;
      message.readAt = read ? (message.readAt ?? '2025-03-05T10:00:00.000Z') : null;
      return HttpResponse.json(message);
    }),
    http.get('/api/newsletter-subscribers', () => (calls.push('subscribers'), HttpResponse.json(SUBSCRIBERS))),
    http.get('/api/site-stats', () => HttpResponse.json({ visitorCount: 1234, likeCount: 56 })),
    http.get('/api/admin/newsletter/settings', () => HttpResponse.json(settings)),
    http.get('/api/admin/bookings', () => HttpResponse.json(BOOKINGS)),
    http.get('/api/admin/guide/stats', () => HttpResponse.json({ requested: 14, confirmed: 12, joinedNewsletter: 5 })),
    http.put('/api/admin/newsletter/settings', async ({ request }) => {
      settings = (await request.json()) as typeof settings;
      bodies.push(settings);
      return HttpResponse.json(settings);
    }),
    http.get('/api/admin/newsletter/posts/:id', ({ params }) =>
      HttpResponse.json(
        params.id === posts[0]?.id
          ? { postId: params.id, mailed: true, sent: 120, failed: 2, unsubscribed: 1 }
          : { postId: params.id, mailed: false, sent: 0, failed: 0, unsubscribed: 0 },
      ),
    ),
  );
  return { calls, bodies };
}

const render = () =>
  renderWithApp(
    <AdminWorkspace>
      <AdminDashboardPage />
    </AdminWorkspace>,
    { route: '/admin/dashboard' },
  );
// While a dialog is open (or closing) the page behind it, notices included, is aria-hidden.
const notices = () => screen.getByRole('region', { name: 'Notifications (F8)', hidden: true });
const alertNotice = () => within(notices()).findByRole('alert', { hidden: true });

/** Puts text in a field at once (typing it key by key re-renders the dialog for every key). */
async function enter(user: ReturnType<typeof render>['user'], field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** Opens a section from the workspace's side navigation. */
async function openTab(user: ReturnType<typeof render>['user'], name: string) {
  const nav = await screen.findByRole('navigation', { name: 'Dashboard sections' });
  await user.click(await within(nav).findByRole('link', { name }));
}

describe('AdminDashboardPage access', () => {
  it('tells a visitor that admin access is required, and loads no admin data', async () => {
    const { calls } = dashboard();
    server.use(http.get('/api/auth/me', () => HttpResponse.json({ message: 'Not signed in' }, { status: 401 })));
    render();
    expect(await screen.findByRole('heading', { name: 'Admin access required' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('tells a member the same, with a button to the admin login', async () => {
    const { calls } = dashboard({ me: member });
    const { user } = render();
    expect(await screen.findByRole('heading', { name: 'Admin access required' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to Admin Login' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
    expect(calls).toEqual([]);
  });
});

describe('AdminDashboardPage for the admin', () => {
  it('asks the admin to turn on two-step sign-in until she has, and sets it up from the notice', async () => {
    dashboard({ twoStepOn: false });
    server.use(
      http.post('/api/auth/two-step/setup', () =>
        HttpResponse.json({
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP',
          qrSvg: '<svg/>',
        }),
      ),
    );
    const { user } = render();
    expect(await screen.findByText('Protect the site with two-step sign-in')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up now' }));
    await user.click(await screen.findByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeInTheDocument();
    expect(screen.getByLabelText('Setup key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
  });

  it('shows no two-step notice once it is on', async () => {
    dashboard();
    render();
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    await screen.findByText('Total Users');
    expect(screen.queryByText('Protect the site with two-step sign-in')).not.toBeInTheDocument();
  });

  it('welcomes the admin and counts users, posts, visitors and subscribers', async () => {
    dashboard();
    render();
    expect(await screen.findByText(/Welcome back, Meera Anand/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Logout' })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'View site' })).toHaveAttribute('href', '/');
    const nav = screen.getByRole('navigation', { name: 'Dashboard sections' });
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual([
        'Users',
        'Blog Posts',
        'Messages 1 unread',
        'Sessions',
        'Sales',
        'Clients',
        'Programs',
        'Newsletter',
        'Insights',
        'Circle',
        'Security',
      ]),
    );
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    const counts = screen.getByRole('region', { name: 'Site counts' });
    const count = (label: string) => within(counts).getByText(label).parentElement?.nextElementSibling;
    await waitFor(() => expect(count('Total Users')).toHaveTextContent('2'));
    await waitFor(() => expect(count('Blog Posts')).toHaveTextContent('2'));
    await waitFor(() => expect(count('Site Visitors')).toHaveTextContent('1,234'));
    await waitFor(() => expect(count('Newsletter Subscribers')).toHaveTextContent('3'));
  });

  it('lists users with delete on member rows only, asks to confirm, then deletes', async () => {
    const { calls } = dashboard();
    const { user } = render();
    const table = await screen.findByRole('table', { name: 'Users' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]).getByText('coach@example.com')).toBeInTheDocument();
    expect(within(rows[1]).queryByRole('button', { name: /delete/i })).not.toBeInTheDocument();
    await user.click(within(rows[2]).getByRole('button', { name: 'Delete user Asha Rao' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete this user?' });
    expect(dialog).toHaveTextContent('Asha Rao (asha@example.com)');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).not.toContain('delete user 7');

    await user.click(within(rows[2]).getByRole('button', { name: 'Delete user Asha Rao' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete User' }));
    expect(await within(notices()).findByText('User deleted successfully')).toBeInTheDocument();
    expect(calls).toContain('delete user 7');
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Users' })).queryByText('Asha Rao')).not.toBeInTheDocument(),
    );
  });

  it('reads users a page at a time and searches them on the server', async () => {
    dashboard();
    const urls: URL[] = [];
    const later: AdminUser = { ...member, id: '3', name: 'Kiran Das', username: 'kiran', email: 'kiran@example.com' };
    server.use(
      http.get('/api/admin/users', ({ request }) => {
        const url = new URL(request.url);
        urls.push(url);
        if (url.searchParams.get('q')) return HttpResponse.json([later], { headers: { 'X-Total-Count': '3' } });
        if (url.searchParams.get('cursor')) return HttpResponse.json([later], { headers: { 'X-Total-Count': '3' } });
        return HttpResponse.json([admin, member], {
          headers: { 'X-Total-Count': '3', Link: '</api/admin/users?cursor=7>; rel="next"' },
        });
      }),
    );
    const { user } = render();
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).queryByText('Kiran Das')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Kiran Das')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(urls.some((u) => u.searchParams.get('cursor') === '7')).toBe(true);

    const search = screen.getByRole('search', { name: 'Search users' });
    await user.type(within(search).getByRole('searchbox', { name: 'Search users' }), 'kiran');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Users' })).getAllByRole('row')).toHaveLength(2),
    );
    expect(urls.at(-1)?.searchParams.get('q')).toBe('kiran');
    const counts = screen.getByRole('region', { name: 'Site counts' });
    expect(within(counts).getByText('Total Users').parentElement?.nextElementSibling).toHaveTextContent('3');
  });

  it('says why a user could not be deleted', async () => {
    dashboard();
    failWith('delete', '/api/admin/users/:id', 403, 'Admins cannot be deleted');
    const { user } = render();
    const table = await screen.findByRole('table', { name: 'Users' });
    await user.click(within(table).getByRole('button', { name: 'Delete user Asha Rao' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete User' }));
    const notice = await alertNotice();
    expect(notice).toHaveTextContent('Failed to delete user');
    expect(notice).toHaveTextContent('Admins cannot be deleted');
  });

  it('lists blog posts with status and a view link to /blog/{slug} in a new tab', async () => {
    dashboard();
    const { user } = render();
    await openTab(user, 'Blog Posts');
    const table = await screen.findByRole('table', { name: 'Blog posts' });
    const [, published, draft] = within(table).getAllByRole('row');
    expect(within(published).getByText('Published')).toBeInTheDocument();
    expect(within(draft).getByText('Draft')).toBeInTheDocument();
    const view = within(published).getByRole('link', { name: /View “Finding Stillness”/ });
    expect(view).toHaveAttribute('href', '/blog/finding-stillness');
    expect(view).toHaveAttribute('target', '_blank');
  });

  it('validates the new post and creates it with trimmed tags, published by default', async () => {
    const { bodies } = dashboard();
    const { user } = render();
    await openTab(user, 'Blog Posts');
    await user.click(await screen.findByRole('button', { name: 'New Post' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Blog Post' });
    expect(within(dialog).getByRole('switch', { name: 'Published: visible on the blog' })).toBeChecked();
    expect(
      within(dialog).getByRole('switch', { name: 'E-mail it to newsletter subscribers when it is published' }),
    ).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Create Post' }));
    expect(within(dialog).getByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Content is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Category is required')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await enter(user, within(dialog).getByRole('textbox', { name: 'Title' }), 'New Light');
    await enter(user, within(dialog).getByRole('textbox', { name: 'Content' }), 'A gentle dawn.');
    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Healing' }));
    await enter(user, within(dialog).getByRole('textbox', { name: 'Tags' }), ' hope ,  dawn,, light ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Post' }));

    expect(await within(notices()).findByText('Blog post created successfully')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        title: 'New Light',
        content: 'A gentle dawn.',
        category: 'Healing',
        tags: ['hope', 'dawn', 'light'],
        isPublished: true,
        sendToSubscribers: true,
        publishAt: null,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(screen.getByRole('table', { name: 'Blog posts' })).findByText('New Light')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New Post' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'New Blog Post' })).getByRole('textbox', { name: 'Title' }),
    ).toHaveValue('');
  });

  it('edits a post from its current values and saves it as a draft', async () => {
    const { bodies } = dashboard();
    const { user } = render();
    await openTab(user, 'Blog Posts');
    await user.click(await screen.findByRole('button', { name: 'Edit “Finding Stillness”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Blog Post' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Finding Stillness');
    expect(within(dialog).getByRole('textbox', { name: 'Tags' })).toHaveValue('calm, breath');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Title' }));
    await enter(user, within(dialog).getByRole('textbox', { name: 'Title' }), 'Be Still');
    await user.click(within(dialog).getByRole('switch', { name: 'Published: visible on the blog' }));
    await user.click(
      within(dialog).getByRole('switch', { name: 'E-mail it to newsletter subscribers when it is published' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Update Post' }));
    expect(await within(notices()).findByText('Blog post updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([
      {
        title: 'Be Still',
        content: '# Stillness\nBreathe.',
        category: 'Mindfulness',
        tags: ['calm', 'breath'],
        isPublished: false,
        sendToSubscribers: false,
        publishAt: null,
      },
    ]);
    const table = screen.getByRole('table', { name: 'Blog posts' });
    const row = (await within(table).findByText('Be Still')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Draft')).toBeInTheDocument();
  });

  it('asks for an admin category when the post has another one', async () => {
    dashboard();
    const { user } = render();
    await openTab(user, 'Blog Posts');
    await user.click(await screen.findByRole('button', { name: 'Edit “Daily Wisdom”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Blog Post' });
    expect(within(dialog).getByText('Was “Daily Wisdom”: choose one of the admin categories.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Update Post' }));
    expect(within(dialog).getByText('Category is required')).toBeInTheDocument();
  });

  it.each([
    [
      'with the server message',
      HttpResponse.json({ message: 'A post with this title already exists' }, { status: 409 }),
      'A post with this title already exists',
    ],
    ['or "Please try again"', new HttpResponse(null, { status: 500 }), 'Please try again'],
  ])('says "Failed to update blog post" %s', async (_, answer, description) => {
    dashboard();
    server.use(http.put('/api/admin/blog-posts/:id', () => answer.clone()));
    const { user } = render();
    await openTab(user, 'Blog Posts');
    await user.click(await screen.findByRole('button', { name: 'Edit “Finding Stillness”' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Update Post' }));
    const notice = await alertNotice();
    expect(notice).toHaveTextContent('Failed to update blog post');
    expect(notice).toHaveTextContent(description);
    expect(screen.getByRole('dialog', { name: 'Edit Blog Post' })).toBeInTheDocument();
  });

  it('says "Failed to create blog post" with the server message', async () => {
    dashboard();
    server.use(
      http.post('/api/admin/blog-posts', () =>
        HttpResponse.json({ message: 'Title must be at most 255 characters' }, { status: 400 }),
      ),
    );
    const { user } = render();
    await openTab(user, 'Blog Posts');
    await user.click(await screen.findByRole('button', { name: 'New Post' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'T');
    await user.type(within(dialog).getByRole('textbox', { name: 'Content' }), 'C');
    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Mindfulness' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Post' }));
    const notice = await alertNotice();
    expect(notice).toHaveTextContent('Failed to create blog post');
    expect(notice).toHaveTextContent('Title must be at most 255 characters');
  });

  it('deletes a post after confirmation', async () => {
    const { calls } = dashboard();
    const { user } = render();
    await openTab(user, 'Blog Posts');
    await user.click(await screen.findByRole('button', { name: 'Delete “Daily Wisdom”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Post' }));
    // Shown once the dialog has closed, when the notice area is exposed to assistive technology again.
    const exposed = await screen.findByRole('region', { name: 'Notifications (F8)' });
    expect(await within(exposed).findByText('Blog post deleted successfully')).toBeInTheDocument();
    expect(calls).toContain(`delete post ${'b'.repeat(24)}`);
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Blog posts' })).queryByText('Daily Wisdom'),
      ).not.toBeInTheDocument(),
    );
  });

  it('says why a post could not be deleted', async () => {
    dashboard();
    server.use(
      http.delete('/api/admin/blog-posts/:id', () =>
        HttpResponse.json({ message: 'Blog post not found' }, { status: 404 }),
      ),
    );
    const { user } = render();
    await openTab(user, 'Blog Posts');
    await user.click(await screen.findByRole('button', { name: 'Delete “Daily Wisdom”' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Post' }));
    const notice = await alertNotice();
    expect(notice).toHaveTextContent('Failed to delete blog post');
    expect(notice).toHaveTextContent('Blog post not found');
  });

  it('shows a contact message in a detail dialog', async () => {
    dashboard();
    const { user } = render();
    await openTab(user, 'Messages 1 unread');
    const table = await screen.findByRole('table', { name: 'Contact messages' });
    expect(within(table).getByText('Retreat Information')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'View message from Ravi Kumar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retreat Information' });
    expect(dialog).toHaveTextContent('Ravi Kumar');
    expect(within(dialog).getByRole('link', { name: 'ravi@example.com' })).toHaveAttribute(
      'href',
      'mailto:ravi@example.com',
    );
    expect(dialog).toHaveTextContent('When is the next retreat?');
    expect(dialog).toHaveTextContent('March 1, 2025');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows unread messages in bold with their count, marks one read on opening and unread on request', async () => {
    const { calls } = dashboard();
    const { user } = render();
    const counts = await screen.findByRole('region', { name: 'Site counts' });
    const unreadCard = () => within(counts).getByText('Unread Messages').parentElement?.nextElementSibling;
    await waitFor(() => expect(unreadCard()).toHaveTextContent('1'));
    await openTab(user, 'Messages 1 unread');
    const table = await screen.findByRole('table', { name: 'Contact messages' });
    const row = (name: string) => within(table).getByText(name).closest('tr')!;
    expect(within(row('Ravi Kumar')).getByText('Unread')).toBeInTheDocument();
    expect(within(row('Asha Rao')).queryByText('Unread')).not.toBeInTheDocument();
    expect(getComputedStyle(within(row('Ravi Kumar')).getAllByRole('cell')[1]).fontWeight).toBe('700');
    expect(getComputedStyle(within(row('Asha Rao')).getAllByRole('cell')[1]).fontWeight).not.toBe('700');

    await user.click(within(row('Ravi Kumar')).getByRole('button', { name: 'View message from Ravi Kumar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retreat Information' });
    expect(calls).toContain('read c1');
    await waitFor(() => expect(unreadCard()).toHaveTextContent('0'));
    expect(screen.getByRole('link', { name: 'Messages', hidden: true })).toHaveAttribute('aria-current', 'page');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(row('Ravi Kumar')).queryByText('Unread')).not.toBeInTheDocument();

    // Opening a read message sends nothing; "Mark as unread" brings the marker and the count back.
    await user.click(within(row('Asha Rao')).getByRole('button', { name: 'View message from Asha Rao' }));
    expect(calls).not.toContain('read c2');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark as unread' }));
    expect(calls).toContain('unread c2');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(row('Asha Rao')).getByText('Unread')).toBeInTheDocument());
    await waitFor(() => expect(unreadCard()).toHaveTextContent('1'));
    expect(screen.getByRole('link', { name: 'Messages 1 unread' })).toBeInTheDocument();
  });

  it('lists newsletter subscribers with their state', async () => {
    dashboard();
    const { user } = render();
    await openTab(user, 'Newsletter');
    const table = await screen.findByRole('table', { name: 'Newsletter subscribers' });
    const row = (email: string) => within(table).getByText(email).closest('tr')!;
    expect(row('reader@example.com')).toHaveTextContent('Confirmed');
    expect(row('reader@example.com')).toHaveTextContent('March 2, 2025');
    expect(row('new@example.com')).toHaveTextContent('Pending');
    expect(row('left@example.com')).toHaveTextContent('Unsubscribed');
  });

  it('shows how many took the free guide and how many of them joined the newsletter', async () => {
    dashboard();
    const { user } = render();
    await openTab(user, 'Newsletter');
    expect(
      await screen.findByText('12 took the guide (14 asked for it), 5 of them joined the newsletter'),
    ).toBeInTheDocument();
  });

  it("lists booked sessions, each client's and the leads' free calls with the e-mail they gave", async () => {
    dashboard();
    const { user } = render();
    await openTab(user, 'Sessions');
    const table = await screen.findByRole('table', { name: 'Booked sessions' });
    const row = (email: string) => within(table).getByText(email).closest('tr')!;
    expect(row('asha@example.com')).toHaveTextContent('Member #7');
    expect(row('asha@example.com')).toHaveTextContent('Attended');
    expect(row('visitor@example.org')).toHaveTextContent('Lead');
    expect(row('visitor@example.org')).toHaveTextContent('Free Clarity Call');
  });

  it('offers every subscriber as a CSV download', async () => {
    dashboard();
    const { user } = render();
    await openTab(user, 'Newsletter');
    const exportLink = await screen.findByRole('link', { name: 'Export CSV' });
    expect(exportLink).toHaveAttribute('href', '/api/newsletter-subscribers/export.csv');
    expect(exportLink).toHaveAttribute('download');
  });

  it('lets the coach choose a weekly digest instead of an e-mail per post', async () => {
    const { bodies } = dashboard();
    const { user } = render();
    await openTab(user, 'Newsletter');
    const perPost = await screen.findByRole('radio', { name: /Send each post/ });
    await waitFor(() => expect(perPost).toBeChecked());
    await user.click(screen.getByRole('radio', { name: /weekly digest/ }));
    await waitFor(() => expect(bodies).toContainEqual({ delivery: 'weekly-digest' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: /weekly digest/ })).toBeChecked());
  });

  it("shows each post's newsletter figures", async () => {
    dashboard();
    const { user } = render();
    await openTab(user, 'Blog Posts');
    const table = await screen.findByRole('table', { name: 'Blog posts' });
    expect(await within(table).findByText('120 sent · 2 failed · 1 unsubscribed')).toBeInTheDocument();
    expect(await within(table).findAllByText('Not sent')).not.toHaveLength(0);
  });
});

describe('AdminDashboardPage insights', () => {
  it('shows the period’s figures as a chart and the same numbers as tables, and turns the weekly e-mail off', async () => {
    dashboard();
    const asked: string[] = [];
    let weeklyEmail = true;
    const figures = (days: number): Insights => ({
      days,
      totals: { visitors: 5, views: 9 },
      daily: [
        { day: '2026-11-26', visitors: 2, views: 3 },
        { day: '2026-11-27', visitors: 3, views: 6 },
      ],
      topPages: [{ key: '/blog/letting-go', count: 6 }],
      topPosts: [{ key: 'letting-go', count: 6 }],
      sources: [{ key: 'google.com', count: 4 }],
      devices: [{ key: 'mobile', count: 7 }],
      conversions: { newsletter_subscribed: 2, booking_click: 1, purchase_completed: 1 },
      conversionsByPost: [{ post: 'letting-go', conversions: { newsletter_subscribed: 2 } }],
      weeklyEmail,
    });
    server.use(
      http.get('/api/admin/insights', ({ request }) => {
        const days = Number(new URL(request.url).searchParams.get('days'));
        asked.push(String(days));
        return HttpResponse.json(figures(days));
      }),
      http.put('/api/admin/insights/settings', async ({ request }) => {
        weeklyEmail = ((await request.json()) as { weeklyEmail: boolean }).weeklyEmail;
        return HttpResponse.json({ ok: true, message: 'The weekly e-mail is off' });
      }),
    );
    const { user } = render();
    await openTab(user, 'Insights');
    expect(await screen.findByRole('img', { name: /Page views \(bars\) and visitors \(line\) per day/ })).toBeVisible();
    const byDay = screen.getByRole('table', { name: 'Visitors and views by day' });
    expect(within(byDay).getAllByRole('row')[1]).toHaveTextContent(/27 Nov\s*3\s*6/);
    expect(within(screen.getByRole('table', { name: 'Sources' })).getByText('google.com')).toBeVisible();
    expect(within(screen.getByRole('table', { name: 'Conversions per post' })).getByText('letting-go')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Last 90 days' }));
    await waitFor(() => expect(asked).toEqual(['30', '90']));
    await user.click(screen.getByRole('switch', { name: 'E-mail me these figures every Monday' }));
    await waitFor(() => expect(weeklyEmail).toBe(false));
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'E-mail me these figures every Monday' })).not.toBeChecked(),
    );
  });
});
