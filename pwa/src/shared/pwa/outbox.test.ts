import { describe, expect, it } from 'vitest';
import {
  QUEUED_HEADER,
  RETRY_BASE_MS,
  backoffMs,
  createOutbox,
  isPassingOutage,
  type OutboxDeps,
  type OutboxEntry,
  type OutboxEvent,
  type OutboxStore,
} from './outbox.ts';

function memoryStore(): OutboxStore & { rows: Map<string, OutboxEntry> } {
  const rows = new Map<string, OutboxEntry>();
  return {
    rows,
    all: async () => [...rows.values()].map((e) => ({ ...e })),
    put: async (entry) => void rows.set(entry.id, { ...entry }),
    remove: async (id) => void rows.delete(id),
  };
}

/** A server that records what it received and answers from a script, like the real one. */
function fakeServer(answer: (call: number, key: string) => number | 'offline' = () => 200) {
  const sent: { url: string; key: string; body: unknown }[] = [];
  const stored = new Set<string>();
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = new Headers(init?.headers).get('Idempotency-Key')!;
    const status = answer(sent.length, key);
    if (status === 'offline') throw new TypeError('Failed to fetch');
    sent.push({ url: String(input), key, body: init?.body ? JSON.parse(String(init.body)) : null });
    // Idempotency-Key: a replay of a stored key stores nothing more.
    if (status < 300) stored.add(key);
    return Response.json(status < 300 ? { ok: true } : { message: `refused ${status}` }, { status });
  }) as typeof globalThis.fetch;
  return { fetch, sent, stored };
}

/** An exclusive lock like Web Locks: tasks run one after another. */
function mutex(): NonNullable<OutboxDeps['lock']> {
  let tail: Promise<unknown> = Promise.resolve();
  return (task) => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

function setup(server = fakeServer(), extra: Partial<OutboxDeps> = {}) {
  const store = memoryStore();
  const events: OutboxEvent[] = [];
  let clock = 1_000_000;
  const outbox = createOutbox({
    store,
    fetch: server.fetch,
    now: () => clock,
    onEvent: (e) => events.push(e),
    ...extra,
  });
  const add = (id: string, kind: 'contact' | 'newsletter' | 'like' = 'contact') =>
    outbox.enqueue({
      id,
      kind,
      url: kind === 'like' ? '/api/site-stats/like' : `/api/${kind}`,
      body: kind === 'like' ? null : JSON.stringify({ id }),
    });
  return { outbox, store, events, server, add, advance: (ms: number) => (clock += ms) };
}

describe('outbox (issue #7: offline queue)', () => {
  it('replays oldest first, each with its own Idempotency-Key and body, and empties', async () => {
    const t = setup();
    await t.add('key-00000001', 'contact');
    await t.add('key-00000002', 'newsletter');
    await t.add('key-00000003', 'like');
    const report = await t.outbox.replay();
    expect(report).toEqual({ delivered: 3, rejected: 0, remaining: 0 });
    expect(t.server.sent).toEqual([
      { url: '/api/contact', key: 'key-00000001', body: { id: 'key-00000001' } },
      { url: '/api/newsletter', key: 'key-00000002', body: { id: 'key-00000002' } },
      { url: '/api/site-stats/like', key: 'key-00000003', body: null },
    ]);
    expect(t.events.map((e) => [e.type, e.kind])).toEqual([
      ['delivered', 'contact'],
      ['delivered', 'newsletter'],
      ['delivered', 'like'],
    ]);
    expect(t.store.rows.size).toBe(0);
  });

  it('keeps the order of submissions made within the same millisecond', async () => {
    const t = setup();
    for (const id of ['zzz-00000001', 'aaa-00000002', 'mmm-00000003']) await t.add(id);
    await t.outbox.replay();
    expect(t.server.sent.map((s) => s.key)).toEqual(['zzz-00000001', 'aaa-00000002', 'mmm-00000003']);
  });

  it('drops nothing on a 5xx: the entry stays with a backoff, later ones wait behind it (FIFO)', async () => {
    let failing = true;
    const t = setup(fakeServer((_, key) => (failing && key === 'first-0001' ? 503 : 200)));
    await t.add('first-0001');
    await t.add('second-0002');

    const first = await t.outbox.replay();
    expect(first).toEqual({ delivered: 0, rejected: 0, remaining: 2, retryAt: 1_000_000 + RETRY_BASE_MS });
    expect(t.server.sent.map((s) => s.key)).toEqual(['first-0001']);
    expect([...t.store.rows.keys()].sort()).toEqual(['first-0001', 'second-0002']);
    expect(t.store.rows.get('first-0001')).toMatchObject({ attempts: 1, retryAt: 1_000_000 + RETRY_BASE_MS });

    // Before the backoff has passed, nothing is sent.
    expect(await t.outbox.replay()).toMatchObject({ remaining: 2, retryAt: 1_000_000 + RETRY_BASE_MS });
    expect(t.server.sent).toHaveLength(1);

    // A second server error doubles the wait.
    t.advance(RETRY_BASE_MS);
    expect(await t.outbox.replay()).toMatchObject({ remaining: 2, retryAt: 1_000_000 + 3 * RETRY_BASE_MS });
    expect(t.store.rows.get('first-0001')?.attempts).toBe(2);

    failing = false;
    t.advance(2 * RETRY_BASE_MS);
    expect(await t.outbox.replay()).toEqual({ delivered: 2, rejected: 0, remaining: 0 });
    expect(t.server.sent.map((s) => s.key)).toEqual(['first-0001', 'first-0001', 'first-0001', 'second-0002']);
    expect(t.server.stored).toEqual(new Set(['first-0001', 'second-0002']));
  });

  it('treats "not now" answers (408, 409, 425, 429) like server errors', async () => {
    for (const status of [408, 409, 425, 429]) {
      const t = setup(fakeServer(() => status));
      await t.add('only-00001');
      expect(await t.outbox.replay()).toMatchObject({ rejected: 0, remaining: 1 });
      expect(t.store.rows.has('only-00001')).toBe(true);
    }
  });

  it('keeps everything without a connection, with no backoff: the next online event retries', async () => {
    let offline = true;
    const t = setup(fakeServer(() => (offline ? 'offline' : 200)));
    await t.add('a-00000001');
    await t.add('b-00000002');
    expect(await t.outbox.replay()).toEqual({ delivered: 0, rejected: 0, remaining: 2 });
    expect(t.store.rows.get('a-00000001')).toMatchObject({ attempts: 0, retryAt: 0 });
    offline = false;
    expect(await t.outbox.replay()).toEqual({ delivered: 2, rejected: 0, remaining: 0 });
  });

  it('drops an entry the server refuses (4xx), tells why, and goes on with the next', async () => {
    const t = setup(fakeServer((_, key) => (key === 'bad-000001' ? 400 : 200)));
    await t.add('bad-000001', 'newsletter');
    await t.add('good-00002', 'contact');
    expect(await t.outbox.replay()).toEqual({ delivered: 1, rejected: 1, remaining: 0 });
    expect(t.events[0]).toEqual({
      type: 'rejected',
      kind: 'newsletter',
      id: 'bad-000001',
      status: 400,
      message: 'refused 400',
    });
    expect(t.events[1]).toMatchObject({ type: 'delivered', kind: 'contact' });
  });

  it('stores one entry per Idempotency-Key, however often it is enqueued', async () => {
    const t = setup();
    await t.add('same-00001');
    await t.add('same-00001');
    expect(t.store.rows.size).toBe(1);
    await t.outbox.replay();
    expect(t.server.sent).toHaveLength(1);
  });

  it('sends nothing twice when replays overlap (start, online and sync at once)', async () => {
    const t = setup(fakeServer(), { lock: mutex() });
    await t.add('one-000001');
    await t.add('two-000002');
    const reports = await Promise.all([t.outbox.replay(), t.outbox.replay(), t.outbox.replay()]);
    expect(t.server.sent.map((s) => s.key)).toEqual(['one-000001', 'two-000002']);
    expect(reports.map((r) => r.delivered)).toEqual([2, 0, 0]);
    expect(t.events.filter((e) => e.type === 'delivered')).toHaveLength(2);
  });

  it('a replay whose answer was lost is sent again with the same key and stored once', async () => {
    let lose = true;
    const server = fakeServer();
    const lossy = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await server.fetch(input, init);
      if (lose) {
        lose = false;
        throw new TypeError('connection dropped after the server answered');
      }
      return res;
    }) as typeof fetch;
    const t = setup({ ...server, fetch: lossy });
    await t.add('lost-00001');
    expect(await t.outbox.replay()).toMatchObject({ delivered: 0, remaining: 1 });
    expect(await t.outbox.replay()).toMatchObject({ delivered: 1, remaining: 0 });
    expect(server.sent.map((s) => s.key)).toEqual(['lost-00001', 'lost-00001']);
    expect(server.stored.size).toBe(1);
  });

  it('keeps an entry when the answer is the service worker queueing it again (page replay, still offline)', async () => {
    const queued = (async () =>
      Response.json({ queued: true }, { status: 202, headers: { [QUEUED_HEADER]: 'queued' } })) as typeof fetch;
    const t = setup({ fetch: queued, sent: [], stored: new Set() });
    await t.add('page-00001');
    expect(await t.outbox.replay()).toEqual({ delivered: 0, rejected: 0, remaining: 1 });
    expect(t.store.rows.has('page-00001')).toBe(true);
  });

  it('backs off 5 s, 10 s, 20 s ... up to 5 minutes', () => {
    expect([1, 2, 3, 4, 10].map(backoffMs)).toEqual([5_000, 10_000, 20_000, 40_000, 300_000]);
  });
});

describe('a write the server answered 503', () => {
  it('waits the first backoff, then is delivered once', async () => {
    let clock = 1_000_000;
    const store = memoryStore();
    const server = fakeServer((call) => (call === 0 ? 503 : 201));
    const outbox = createOutbox({ store, fetch: server.fetch, now: () => clock });
    await outbox.enqueue(
      { id: 'key-503-a', kind: 'contact', url: '/api/contact', body: '{"m":1}' },
      { afterOutage: true },
    );

    // Not before the backoff: nothing is sent.
    expect(await outbox.replay()).toEqual({ delivered: 0, rejected: 0, remaining: 1, retryAt: clock + RETRY_BASE_MS });
    expect(server.sent).toEqual([]);

    clock += RETRY_BASE_MS;
    expect(await outbox.replay()).toMatchObject({ remaining: 1, retryAt: clock + RETRY_BASE_MS }); // still 503
    clock += RETRY_BASE_MS;
    expect(await outbox.replay()).toMatchObject({ delivered: 1, remaining: 0 });
    expect(await outbox.replay()).toMatchObject({ delivered: 0, remaining: 0 });
    expect(server.sent.map((s) => s.key)).toEqual(['key-503-a', 'key-503-a']);
    expect([...server.stored]).toEqual(['key-503-a']);
    expect(isPassingOutage(503)).toBe(true);
    expect(isPassingOutage(500)).toBe(false);
  });
});
