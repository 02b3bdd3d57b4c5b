import { testBackendDuringSuite } from '@coach/kit/testing';
import { expect, it } from 'vitest';
import { DEMO_POSTS } from './demo-posts.ts';
import { BlogPostModel } from './model.ts';
import { seedDemoPosts } from './seed.ts';

// A real mongod: the unique slug index decides which replica's seed lands.
const backend = testBackendDuringSuite('content-seed-test');

it('two replicas starting together on an empty database both start, and the demo posts are stored once', async () => {
  // Both see an empty collection before either inserts: the second insert meets every slug taken.
  await expect(Promise.all([seedDemoPosts(backend().logger), seedDemoPosts(backend().logger)])).resolves.toBeDefined();
  expect(await BlogPostModel.countDocuments()).toBe(DEMO_POSTS.length);
});
