import { randomUUID } from 'node:crypto';
import { QUEUES, type SiteStats } from '@coach/contracts';
import { startRedis } from '@coach/dev-stack';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactMessageModel } from './contact/model.ts';
import { SubscriberModel } from './newsletter/model.ts';
import { postJson, startContent, type Content } from './testing/harness.ts';

// Real mongod and redis-server; Redis is killed in the last suite.
let content: Content;
let restartedRedis: Awaited<ReturnType<typeof startRedis>> | undefined;
beforeAll(async () => {
  content = await startContent();
});
afterAll(async () => {
  await content?.stop();
  await restartedRedis?.stop();
});

const contact = {
  name: 'Anna Field',
  email: 'anna@example.com',
  subject: 'general',
  message: 'I would like to book a session.',
};
const keyed = () => ({ 'Idempotency-Key': randomUUID() });
const messagesWith = (message: string) => ContactMessageModel.countDocuments({ message });
const keyRecords = () => mongoose.connection.collection('idempotency_keys');
const likeCount = async () => ((await (await fetch(`${content.url}/api/site-stats`)).json()) as SiteStats).likeCount;

describe('Idempotency-Key on the public writes', () => {
  it('answers a replayed contact message with the first answer and stores it once; another body gets 422', async () => {
    const body = { ...contact, message: 'A message sent twice by the outbox.' };
    const headers = keyed();
    const first = await postJson(`${content.url}/api/contact`, body, headers);
    const replay = await postJson(`${content.url}/api/contact`, body, headers);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(await messagesWith(body.message)).toBe(1);

    const other = await postJson(
      `${content.url}/api/contact`,
      { ...body, message: 'Another message, same key.' },
      headers,
    );
    expect(other.status).toBe(422);
    expect(await messagesWith('Another message, same key.')).toBe(0);
  });

  it('stores concurrent duplicates once', async () => {
    const body = { ...contact, message: 'A message sent five times at once.' };
    const headers = keyed();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => postJson(`${content.url}/api/contact`, body, headers)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses).toContain(201);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(await messagesWith(body.message)).toBe(1);
  });

  it('replays a subscription and a like with their first answers', async () => {
    const subscribe = keyed();
    const email = `${randomUUID()}@example.com`;
    const first = await postJson(`${content.url}/api/newsletter`, { email }, subscribe);
    const replay = await postJson(`${content.url}/api/newsletter`, { email }, subscribe);
    expect([first.status, replay.status]).toEqual([202, 202]);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await SubscriberModel.countDocuments({ email })).toBe(1);

    const like = keyed();
    const liked = await postJson(`${content.url}/api/site-stats/like`, {}, like);
    const again = await postJson(`${content.url}/api/site-stats/like`, {}, like);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(liked.body);
    expect(await likeCount()).toBe(liked.body.likeCount);
  });

  it('answers 409 while the first request holds the key, and finishes a claim its request abandoned', async () => {
    const body = { ...contact, message: 'Stored just before a crash.' };
    const headers = keyed();
    expect((await postJson(`${content.url}/api/contact`, body, headers)).status).toBe(201);
    const id = `contact:${headers['Idempotency-Key']}`;

    // As if the first request were still running: claimed, no answer yet.
    await keyRecords().updateOne({ _id: id as never }, { $unset: { status: 1, answer: 1 } });
    const busy = await postJson(`${content.url}/api/contact`, body, headers);
    expect(busy.status).toBe(409);
    expect(busy.headers.get('retry-after')).toBe('1');

    // As if its process had died after storing the message, before recording the answer.
    await keyRecords().updateOne({ _id: id as never }, { $set: { claimedAt: new Date(Date.now() - 5 * 60_000) } });
    const retry = await postJson(`${content.url}/api/contact`, body, headers);
    expect(retry.status).toBe(201);
    expect(await messagesWith(body.message)).toBe(1);
    const replay = await postJson(`${content.url}/api/contact`, body, headers);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });
});

describe('a like whose process died before recording its answer', () => {
  it('is counted once when a retry takes its abandoned claim over', async () => {
    const headers = keyed();
    const liked = await postJson(`${content.url}/api/site-stats/like`, {}, headers);
    expect(liked.status).toBe(200);
    // As if its process had died after counting, before recording the answer, past the lease.
    const id = `like:${headers['Idempotency-Key']}`;
    await keyRecords().updateOne(
      { _id: id as never },
      { $unset: { status: 1, answer: 1 }, $set: { claimedAt: new Date(Date.now() - 5 * 60_000) } },
    );
    const retry = await postJson(`${content.url}/api/site-stats/like`, {}, headers);
    expect(retry.status).toBe(200);
    expect(await likeCount()).toBe(liked.body.likeCount);
  });
});

describe('Idempotency-Key with Redis away', () => {
  beforeAll(async () => {
    process.kill(content.redisServer.pid!, 'SIGKILL');
    await content.redisServer.stop();
  });

  it('stores a keyed contact message, recognises its replay and refuses another body with 422', async () => {
    const body = { ...contact, message: 'Sent while Redis was down.' };
    const headers = keyed();
    const first = await postJson(`${content.url}/api/contact`, body, headers);
    expect(first.status).toBe(201);
    const replay = await postJson(`${content.url}/api/contact`, body, headers);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const other = await postJson(
      `${content.url}/api/contact`,
      { ...body, message: 'Another body while Redis was down.' },
      headers,
    );
    expect(other.status).toBe(422);

    const rows = await ContactMessageModel.find({ message: /while Redis was down/ }).lean();
    expect(rows).toHaveLength(1);
    // Its e-mail event waits in the outbox for Redis.
    expect(rows[0].eventPending).toBe(true);
  });

  it('counts a keyed like once', async () => {
    const headers = keyed();
    const liked = await postJson(`${content.url}/api/site-stats/like`, {}, headers);
    const again = await postJson(`${content.url}/api/site-stats/like`, {}, headers);
    expect(liked.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await likeCount()).toBe(liked.body.likeCount);
  });

  afterAll(async () => {
    // Back on its port, and the service's post consumer back on it: a worker closed while it is
    // still reconnecting never finishes closing.
    restartedRedis = await startRedis({ port: content.redisServer.port });
    const posts = content.queues.get(QUEUES.contentPosts);
    while ((await posts.getWorkersCount()) === 0) await new Promise((resolve) => setTimeout(resolve, 100));
  });
});
