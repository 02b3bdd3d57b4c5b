import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  freePort,
  listen,
  REPO_ROOT,
  spawnService,
  startDataServers,
  stopProcess,
  waitForHealth,
} from '@coach/dev-stack';
import { signedSessionCookie } from '@coach/kit/testing';
import { afterAll, beforeAll } from 'vitest';
import { contentEnvSchema } from '../config.ts';
import { startContentService } from '../start.ts';

/** The limits a test may change: chat and generation timeouts, chats per minute, how long a confirmation link works. */
export interface ContentLimits {
  chatTimeoutMs: number;
  chatPerMinute: number;
  generateTimeoutMs: number;
  newsletterConfirmHours: number;
}

/**
 * The content service in-process, wired by the same startContentService as its main.ts, against
 * a real mongod and redis-server of its own, listening on a free port.
 */
export async function startContent(limits: Partial<ContentLimits> = {}) {
  const servers = await startDataServers('content-test');
  const { mongoUrl, redisUrl, redisServer, keys } = servers;
  const { chatTimeoutMs = 3000, chatPerMinute = 1000, generateTimeoutMs = 8000, newsletterConfirmHours = 48 } = limits;
  const config = contentEnvSchema.parse({
    LOG_LEVEL: 'silent',
    MONGO_URL: mongoUrl,
    REDIS_URL: redisUrl,
    SESSION_PUBLIC_KEY: keys.publicKey,
    CHAT_TIMEOUT_MS: String(chatTimeoutMs),
    CHAT_RATE_LIMIT_PER_MINUTE: String(chatPerMinute),
    GENERATE_TIMEOUT_MS: String(generateTimeoutMs),
    NEWSLETTER_CONFIRM_HOURS: String(newsletterConfirmHours),
    NEWSLETTER_BATCH_SIZE: '50',
  });
  const content = await startContentService(config);
  const { logger, redis, queues, publish, publication } = content;
  const server = await listen(content.app);
  const url = server.url;

  /** A session cookie of the given role, signed and recorded as active as the members service does. */
  const sessionCookie = (role: 'admin' | 'user') => signedSessionCookie(redis, keys.privateKey, role);

  async function stop() {
    await server.close();
    for (const close of content.closers) await close();
    await servers.stop();
  }
  return {
    url,
    redisUrl,
    redisServer,
    mongoUrl,
    /** What an ai-worker needs to serve this content: its Redis and its database. */
    workerEnv: { REDIS_URL: redisUrl, MONGO_URL: mongoUrl },
    queues,
    publish,
    publication,
    logger,
    sessionCookie,
    stop,
  };
}
export type Content = Awaited<ReturnType<typeof startContent>>;

/** POSTs JSON and reads the JSON answer. */
export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

/** ai-worker as its own process through its main.ts (as in production), started with `env` and ready once healthy. */
export async function startWorker(env: Record<string, string>) {
  const port = await freePort();
  const child = spawnService('ai-worker', {
    LOG_LEVEL: 'silent',
    OUTBOX_DIR: path.join(REPO_ROOT, 'var/test-outbox'),
    ...env,
    PORT: String(port),
  });
  await waitForHealth(`http://127.0.0.1:${port}`, child, 'ai-worker', 30_000);
  return {
    stop: (signal: NodeJS.Signals = 'SIGTERM') => stopProcess(child, signal),
  };
}
export type WorkerProcess = Awaited<ReturnType<typeof startWorker>>;

/**
 * An ai-worker for the tests of the enclosing `describe`: started before them with `env()` (read
 * then, once the stack is up), stopped after. Returns the running process.
 */
export function workerDuringSuite(env: () => Record<string, string>): () => WorkerProcess {
  let worker: WorkerProcess | undefined;
  beforeAll(async () => {
    worker = await startWorker(env());
  });
  afterAll(async () => {
    await worker?.stop();
  });
  return () => worker!;
}

/**
 * A local OpenAI-compatible endpoint (POST /v1/chat/completions). `answer` decides each reply:
 * a text, an HTTP error status, or 'hang' (never answers). Every request body is recorded.
 */
export async function startFakeOpenAi() {
  const requests: Array<{ model: string; messages: Array<{ role: string; content: string }> }> = [];
  let answer: (request: (typeof requests)[number]) => string | number | 'hang' = () => 'A reply from the model.';
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const request = JSON.parse(body) as (typeof requests)[number];
      requests.push(request);
      const reply = answer(request);
      if (reply === 'hang') {
        hanging.add(res);
        return;
      }
      if (typeof reply === 'number') {
        res
          .writeHead(reply, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'provider failure' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: `chatcmpl-${randomUUID()}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: request.model,
          choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    answerWith(fn: typeof answer) {
      answer = fn;
    },
    async stop() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
export type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>;
