import { expect, test } from '@playwright/test';

test('the API answers through the gateway with the seeded posts', async ({ request }) => {
  const res = await request.get('/api/blog/posts');
  expect(res.status()).toBe(200);
  const posts = (await res.json()) as { slug: string }[];
  expect(posts.length).toBeGreaterThanOrEqual(8);
});
