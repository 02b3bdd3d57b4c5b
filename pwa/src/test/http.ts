import type { CurrentUser } from '@coach/contracts';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { server } from './server.ts';

/** A signed-in user for the current-user call. */
export function signIn(user: { name?: string; username?: string; role?: 'user' | 'admin' } = {}) {
  server.use(
    http.get('/api/auth/me', () =>
      HttpResponse.json({
        id: '1',
        name: user.name ?? 'Asha Rao',
        username: user.username ?? 'asha',
        email: 'asha@example.com',
        role: user.role ?? 'user',
        createdAt: '2025-01-01T00:00:00.000Z',
      }),
    ),
  );
}

/** Records the requests a handler receives, answering with `body` and `status`. */
export function capture(method: 'get' | 'post', path: string, body: JsonBodyType, status = 200) {
  const requests: { body: unknown; headers: Headers }[] = [];
  server.use(
    http[method](path, async ({ request }) => {
      const text = await request.text();
      requests.push({ body: text ? JSON.parse(text) : undefined, headers: request.headers });
      return HttpResponse.json(body, { status });
    }),
  );
  return requests;
}

export const samplePost = (over: Partial<Record<string, unknown>> = {}) => ({
  id: 'p1',
  slug: 'finding-stillness',
  title: 'Finding Stillness in a Busy World',
  excerpt: 'Peace is not a place you arrive at; it is a way of travelling.',
  content: '# The Practice\nBreathe slowly.\n\n## Going deeper\nNotice your thoughts.',
  category: 'Healing',
  imageUrl: '/images/blog/stillness.jpg',
  createdAt: '2025-03-05T10:00:00.000Z',
  publishedAt: '2025-03-05T10:00:00.000Z',
  readTime: 5,
  isGenerated: false,
  tags: ['peace', 'mindfulness'],
  ...over,
});

/** The member the account, circle and profile tests sign in as (`/api/auth/me`). */
export const sampleMember: CurrentUser = {
  id: '7',
  name: 'Asha Rao',
  username: 'asha',
  email: 'asha@example.com',
  role: 'user',
  createdAt: '2025-01-04T10:00:00.000Z',
};

/** The administrator the admin tests sign in as. */
export const sampleAdmin: CurrentUser = {
  id: '1',
  name: 'Meera Anand',
  username: 'coach',
  email: 'coach@example.com',
  role: 'admin',
  createdAt: '2025-01-01T10:00:00.000Z',
};

/** Makes `method path` answer `status` with the server's `message`; `once`, only the next call. */
export function failWith(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  status: number,
  message: string,
  { once = false }: { once?: boolean } = {},
) {
  server.use(http[method](path, () => HttpResponse.json({ message }, { status }), { once }));
}
