import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { RESOURCE_DOWNLOAD_PATH } from '@coach/contracts';
import { createApp, createLogger, finishApp } from '@coach/kit';
import compression from 'compression';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shouldCompress } from './compress.ts';
import { fileRelay, parseAnswerHead } from './file-relay.ts';
import { Replicas } from './replicas.ts';

// The gateway's relay of a program's file, between a stand-in for members (plain Node HTTP) and
// real clients: bytes, ranges and headers as members sent them, failures as the proxy answers
// them, and the service read only as fast as the client reads.

const FILE = Buffer.from(Array.from({ length: 3 * 1024 * 1024 + 123 }, (_, i) => (i * 7 + (i >> 11)) % 256));
const BIG_BYTES = 64 * 1024 * 1024;
const TIMEOUT_MS = 800;
const logger = createLogger('file-relay-test', 'silent');

/** What members' stand-in saw of each request, and how its big answer went. */
const seen: http.IncomingHttpHeaders[] = [];
const big = { written: 0, closedEarly: false };

function drainedOrClosed(res: http.ServerResponse) {
  return new Promise<void>((resolve) => {
    const go = () => {
      res.off('drain', go).off('close', go);
      resolve();
    };
    res.on('drain', go).on('close', go);
  });
}

const upstream = http.createServer(async (req, res) => {
  seen.push(req.headers);
  const name = req.url!.split('/').pop()!.split('?')[0];
  if (name === 'hang') return;
  if (name === 'missing') {
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'No such file' }));
    return;
  }
  if (name === 'unsized') {
    res.writeHead(200, { 'content-type': 'application/pdf' });
    for (let at = 0; at < FILE.length; at += 100_000) res.write(FILE.subarray(at, at + 100_000));
    res.end();
    return;
  }
  if (name === 'big') {
    res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': String(BIG_BYTES) });
    res.on('close', () => (big.closedEarly = !res.writableFinished));
    const piece = Buffer.alloc(256 * 1024, 1);
    while (big.written < BIG_BYTES && !res.destroyed) {
      big.written += piece.length;
      if (!res.write(piece)) await drainedOrClosed(res);
    }
    res.end();
    return;
  }
  const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
  const [start, end] = range ? [Number(range[1]), Number(range[2])] : [0, FILE.length - 1];
  res.writeHead(range ? 206 : 200, {
    'content-type': 'audio/mpeg',
    'content-length': String(end - start + 1),
    'accept-ranges': 'bytes',
    'cache-control': 'private, no-store, no-transform',
    ...(range ? { 'content-range': `bytes ${start}-${end}/${FILE.length}` } : {}),
    'set-cookie': ['one=1; Path=/', 'two=2; Path=/'],
  });
  res.end(req.method === 'HEAD' ? undefined : FILE.subarray(start, end + 1));
});

/** A gateway with the relay in front of compression, as app.ts mounts it, to `targets`. */
function gateway(targets: string[]) {
  const app = createApp(logger, { json: false });
  app.get(RESOURCE_DOWNLOAD_PATH, fileRelay('members', new Replicas(targets), TIMEOUT_MS, logger));
  app.use(compression({ threshold: 1, filter: shouldCompress }));
  finishApp(app, logger);
  return http.createServer(app);
}

let relay: http.Server;
let down: http.Server;
let base: string;
let downBase: string;
const listen = (server: http.Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

beforeAll(async () => {
  const upstreamUrl = await listen(upstream);
  base = await listen((relay = gateway([upstreamUrl])));
  // A replica where nothing listens: a port just freed.
  const free = http.createServer();
  const freeUrl = await listen(free);
  await new Promise((resolve) => free.close(resolve));
  downBase = await listen((down = gateway([freeUrl])));
});
afterAll(async () => {
  for (const server of [relay, down, upstream]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const sha = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const get = (path: string, headers: Record<string, string> = {}, at = base) =>
  fetch(`${at}/api/portal/resources/${path}`, { headers: { 'accept-encoding': 'gzip', ...headers } });

describe("the gateway's relay of a program's file", () => {
  it('sends the file byte for byte with the service’s headers, never compressed, and passes the request on', async () => {
    const res = await get('audio', { cookie: 'coach_session=abc', connection: 'keep-alive' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('content-length')).toBe(String(FILE.length));
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.getSetCookie()).toEqual(['one=1; Path=/', 'two=2; Path=/']);
    expect(sha(Buffer.from(await res.arrayBuffer()))).toBe(sha(FILE));
    const asked = seen.at(-1)!;
    expect(asked.cookie).toBe('coach_session=abc');
    expect(asked['x-request-id']).toMatch(/.+/);
    expect(asked.connection).toBe('close');
  });

  it('passes on no body of a GET, nor its headers: the service would wait for it', async () => {
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request(`${base}/api/portal/resources/audio`, {
        method: 'GET',
        headers: { 'content-type': 'text/plain', 'content-length': '5' },
      });
      req.on('response', resolve).on('error', reject).end('hello');
    });
    expect(answer.statusCode).toBe(200);
    answer.resume();
    expect(seen.at(-1)).not.toHaveProperty('content-length');
    expect(seen.at(-1)).not.toHaveProperty('content-type');
  });

  it('sends exactly the byte range asked for, and a HEAD without a body', async () => {
    const res = await get('audio', { range: 'bytes=1000-70999' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 1000-70999/${FILE.length}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(FILE.subarray(1000, 71000))).toBe(true);
    const head = await fetch(`${base}/api/portal/resources/audio`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(FILE.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it("passes on the service's refusals, and a body ended by the service closing", async () => {
    const missing = await get('missing');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'No such file' });
    const unsized = await get('unsized');
    expect(unsized.status).toBe(200);
    expect(sha(Buffer.from(await unsized.arrayBuffer()))).toBe(sha(FILE));
  });

  it('answers 503 with Retry-After when the service is away, and 504 when it does not answer in time', async () => {
    const away = await get('audio', {}, downBase);
    expect(away.status).toBe(503);
    expect(away.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await away.json()).toHaveProperty('message');
    const started = Date.now();
    const slow = await get('hang');
    expect(slow.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2000);
  });

  it('reads the service only as fast as the client reads, and stops when she leaves', async () => {
    const client = net.connect(Number(new URL(base).port), '127.0.0.1');
    client.pause();
    client.write('GET /api/portal/resources/big HTTP/1.1\r\nHost: localhost\r\n\r\n');
    // The sockets' buffers fill (each a few MB at most on this machine), then the service waits.
    let before = -1;
    for (let i = 0; i < 50 && big.written !== before; i++) {
      before = big.written;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(big.written).toBeLessThan(BIG_BYTES / 2);
    client.destroy();
    await expect.poll(() => big.closedEarly, { timeout: 5000 }).toBe(true);
  });
});

describe("an answer's head", () => {
  it('is read with its status and every value of a repeated header, or refused when it is not HTTP', () => {
    expect(
      parseAnswerHead(
        'HTTP/1.1 206 Partial Content\r\nContent-Range: bytes 0-1/9\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2',
      ),
    ).toEqual({
      status: 206,
      headers: new Map([
        ['content-range', ['bytes 0-1/9']],
        ['set-cookie', ['a=1', 'b=2']],
      ]),
    });
    expect(parseAnswerHead('HTTP/1.0 200')).toEqual({ status: 200, headers: new Map() });
    expect(parseAnswerHead('SSH-2.0-OpenSSH')).toBeUndefined();
    expect(parseAnswerHead('HTTP/1.1 200 OK\r\nno colon here')).toBeUndefined();
    expect(parseAnswerHead('HTTP/1.1 200 OK\r\nbad name: x')).toBeUndefined();
  });
});
