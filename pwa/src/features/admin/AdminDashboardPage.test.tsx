import type { AdminBlogPost, AdminUser, ContactMessage, NewsletterSubscriber } from '@coach/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sampleAdmin as admin, sampleMember as member, failWith } from '../../test/http.ts';
import { renderWithApp } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import AdminDashboardPage from './AdminDashboardPage.tsx';

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
  },
];
const SUBSCRIBERS: NewsletterSubscriber[] = [
  { id: 's1', email: 'reader@example.com', subscribedAt: '2025-03-02T10:00:00.000Z' },
];

/** An admin session with the dashboard's data; requests are recorded. */
function dashboard({ me = admin }: { me?: AdminUser } = {}) {
  const users = [admin, member];
  const posts = [...POSTS];
  const calls: string[] = [];
  const bodies: unknown[] = [];
  server.use(
    http.get('/api/auth/me', () => HttpResponse.json(me)),
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
    http.get('/api/contact-messages', () => (calls.push('messages'), HttpResponse.json(MESSAGES))),
    http.get('/api/newsletter-subscribers', () => (calls.push('subscribers'), HttpResponse.json(SUBSCRIBERS))),
    http.get('/api/site-stats', () => HttpResponse.json({ visitorCount: 1234, likeCount: 56 })),
  );
  return { calls, bodies };
}

const render = () => renderWithApp(<AdminDashboardPage />, { route: '/admin/dashboard' });
// While a dialog is open (or closing) the page behind it, notices included, is aria-hidden.
const notices = () => screen.getByRole('region', { name: 'Notifications (F8)', hidden: true });
const alertNotice = () => within(notices()).findByRole('alert', { hidden: true });

/** Puts text in a field at once (typing it key by key re-renders the dialog for every key). */
async function enter(user: ReturnType<typeof render>['user'], field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function openTab(user: ReturnType<typeof render>['user'], name: string) {
  await user.click(await screen.findByRole('tab', { name }));
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
  it('welcomes the admin and counts users, posts, visitors and subscribers', async () => {
    dashboard();
    render();
    expect(await screen.findByText(/Welcome back, Meera Anand/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    const counts = screen.getByRole('region', { name: 'Site counts' });
    const count = (label: string) => within(counts).getByText(label).parentElement?.nextElementSibling;
    await waitFor(() => expect(count('Total Users')).toHaveTextContent('2'));
    await waitFor(() => expect(count('Blog Posts')).toHaveTextContent('2'));
    await waitFor(() => expect(count('Site Visitors')).toHaveTextContent('1,234'));
    await waitFor(() => expect(count('Newsletter Subscribers')).toHaveTextContent('1'));
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
    expect(within(dialog).getByRole('switch')).toBeChecked();
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
    await user.click(within(dialog).getByRole('switch'));
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
    await openTab(user, 'Messages');
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

  it('lists newsletter subscribers', async () => {
    dashboard();
    const { user } = render();
    await openTab(user, 'Newsletter');
    const table = await screen.findByRole('table', { name: 'Newsletter subscribers' });
    expect(within(table).getByText('reader@example.com')).toBeInTheDocument();
    expect(within(table).getByText('March 2, 2025')).toBeInTheDocument();
  });
});
