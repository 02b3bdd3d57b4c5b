import { createLogger } from '@coach/kit';
import { freePort, listen } from '@coach/dev-stack';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { proxyTo } from './proxy.ts';
import { Replicas } from './replicas.ts';

/** A replica that says who it is, or (hung) accepts requests and never answers. */
async function replica(name: string) {
  const state = { hung: false };
  const app = express();
  app.get(['/health', '/api/blog/posts'], (_req, res) => {
    if (!state.hung) res.json({ replica: name });
  });
  const server = await listen(app);
  return { ...server, hang: () => (state.hung = true), resume: () => (state.hung = false) };
}

const open: Array<{ close(): Promise<void> }> = [];
let replicas: Replicas | undefined;
afterEach(async () => {
  replicas?.close();
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function gatewayTo(...targets: string[]) {
  return gatewayThrough(new Replicas(targets));
}

async function gatewayThrough(through: Replicas, timeoutMs = 3000) {
  replicas = through;
  const app = express();
  app.use(proxyTo('content', replicas, timeoutMs, createLogger('replicas-test', 'silent')));
  const gateway = await listen(app);
  open.push(gateway);
  return async () => {
    const res = await fetch(`${gateway.url}/api/blog/posts`);
    return res.ok ? ((await res.json()) as { replica: string }).replica : res.status;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the gateway across replicas', () => {
  it('takes the replicas in turn', async () => {
    const [a, b] = [await replica('a'), await replica('b')];
    open.push(a, b);
    const read = await gatewayTo(a.url, b.url);
    const answers = [await read(), await read(), await read(), await read()];
    expect(answers.sort()).toEqual(['a', 'a', 'b', 'b']);
  });

  it('skips a replica that is gone after at most one failed request', async () => {
    const [a, b] = [await replica('a'), await replica('b')];
    open.push(b);
    const read = await gatewayTo(a.url, b.url);
    await a.close();
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await read());
    expect(answers.filter((answer) => answer !== 'b').length).toBeLessThanOrEqual(1);
    expect(answers.slice(2).every((answer) => answer === 'b')).toBe(true);
  });

  it('skips a replica that stopped answering within a second and a half', async () => {
    const [a, b] = [await replica('a'), await replica('b')];
    open.push(a, b);
    const read = await gatewayTo(a.url, b.url);
    a.hang();
    await sleep(1600);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await read());
    expect(answers).toEqual(['b', 'b', 'b', 'b', 'b', 'b']);
  });

  it('ends a request waiting on a replica that is lost with 503 within seconds, not its timeout', async () => {
    const [a, b] = [await replica('a'), await replica('b')];
    open.push(a, b);
    const read = await gatewayThrough(new Replicas([a.url, b.url]), 20_000);
    a.hang();
    const started = Date.now();
    const answers = await Promise.all([read(), read()]);
    expect(answers.sort()).toEqual([503, 'b'].sort());
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await read()).toBe('b');
  });

  it('prefers a slow replica to one that is gone when none answers in time', async () => {
    const [a, b] = [await replica('a'), await replica('b')];
    open.push(b);
    const read = await gatewayTo(a.url, b.url);
    await a.close();
    b.hang();
    await sleep(1600);
    b.resume();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await read());
    expect(answers).toEqual(['b', 'b', 'b', 'b']);
  });

  it('keeps trying the only replica while it is away: 503, then its answers', async () => {
    const a = await replica('a');
    const read = await gatewayTo(a.url);
    const { url } = a;
    await a.close();
    expect(await read()).toBe(503);
    const port = Number(new URL(url).port);
    const back = express().get('/api/blog/posts', (_req, res) => res.json({ replica: 'a again' }));
    const server = back.listen(port, '127.0.0.1');
    open.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
    await new Promise((resolve) => server.once('listening', resolve));
    expect(await read()).toBe('a again');
  });

  it("takes each address of a service's name as a replica, and skips one whose host is lost", async () => {
    // Two tasks of a Swarm service behind one name (DNS round robin): 127.0.0.1 and 127.0.0.2.
    const port = await freePort();
    const [a, b] = [await replicaOn('a', '127.0.0.1', port), await replicaOn('b', '127.0.0.2', port)];
    open.push(b);
    const resolved = [
      { address: '127.0.0.2', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    const read = await gatewayThrough(new Replicas([`http://content.swarm:${port}`], async () => resolved));
    await sleep(700);
    const both = [await read(), await read(), await read(), await read()];
    expect(both.sort()).toEqual(['a', 'a', 'b', 'b']);
    await a.close();
    await sleep(700);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await read());
    expect(answers).toEqual(Array(6).fill('b'));
  });
});

/** A replica listening on one loopback address and port. */
async function replicaOn(name: string, address: string, port: number) {
  const app = express();
  app.get(['/health', '/api/blog/posts'], (_req, res) => res.json({ replica: name }));
  const server = app.listen(port, address);
  await new Promise((resolve) => server.once('listening', resolve));
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
