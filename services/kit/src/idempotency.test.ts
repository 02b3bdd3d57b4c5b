import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, listen, startMongo } from '@coach/dev-stack';
import mongoose from 'mongoose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp, finishApp } from './app.ts';
import { idempotent } from './idempotency.ts';
import { createLogger } from './logger.ts';
import { connectMongo } from './mongo.ts';

// A real mongod that keeps its data, killed (SIGKILL) between a request's work and the record
// of its answer, and started again a second later.
const dbPath = mkdtempSync(path.join(os.tmpdir(), 'coach-idempotency-'));
let port: number;
let mongo: Awaited<ReturnType<typeof startMongo>>;
let server: Awaited<ReturnType<typeof listen>>;
let workDone = 0;
let killAfterWork = false;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  port = await freePort();
  mongo = await startMongo({ dbPath, port });
  const logger = createLogger('idempotency-test', 'silent');
  await connectMongo(mongo.url, logger);
  const app = createApp(logger);
  app.post('/work', idempotent('work'), (_req, res) => {
    workDone += 1;
    if (killAfterWork) {
      killAfterWork = false;
      process.kill(mongo.pid!, 'SIGKILL');
      setTimeout(async () => {
        await mongo.stop().catch(() => {});
        mongo = await startMongo({ dbPath, port });
      }, 1000);
    }
    res.status(201).json({ workDone });
  });
  server = await listen(finishApp(app, logger));
}, 30_000);
afterAll(async () => {
  await server?.close();
  await mongoose.disconnect();
  await mongo?.stop();
  rmSync(dbPath, { recursive: true, force: true });
});

const post = (key: string) =>
  fetch(`${server.url}/work`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: '{}',
  });

it('keeps the answer of work done as MongoDB died: the retry gets it once MongoDB is back, and the work is not done again', async () => {
  killAfterWork = true;
  const first = await post('answer-lost-to-a-kill');
  expect([first.status, await first.json()]).toEqual([201, { workDone: 1 }]);
  // The answer could not be recorded: a retry is refused (503 while MongoDB is away, then 409
  // while the claim has no answer) until it is, then gets it.
  const answers: number[] = [];
  for (const until = Date.now() + 15_000; Date.now() < until && answers.at(-1) !== 201; await sleep(500)) {
    const retry = await post('answer-lost-to-a-kill');
    answers.push(retry.status);
    if (retry.status === 201) {
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(await retry.json()).toEqual({ workDone: 1 });
    }
  }
  expect(answers.at(-1)).toBe(201);
  expect(workDone).toBe(1);
}, 30_000);
