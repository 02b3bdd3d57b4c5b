import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import {
  REPO_ROOT,
  SERVICE_NAMES,
  spawnService,
  startRedis,
  startStack,
  waitForHealth,
  type Stack,
} from '@coach/dev-stack';

type Line = Record<string, unknown>;

let stack: Stack | undefined;
const children: ChildProcess[] = [];
let newRedis: Awaited<ReturnType<typeof startRedis>> | undefined;

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await stack?.stop();
  await newRedis?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('every service logs one warning per Redis connection role for an outage and one line when it is back, nothing else', async () => {
  // MongoDB, Redis and the wiring of the embedded stack; each service is started here, its logs read.
  stack = await startStack({ services: [], logLevel: 'info' });
  const logs = new Map<string, { lines: Line[]; stderr: string[] }>();
  for (const name of SERVICE_NAMES) {
    const child = spawnService(
      name,
      { ...stack.env[name], PWA_DIST: path.join(REPO_ROOT, 'pwa/dist') },
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    children.push(child);
    const log = { lines: [] as Line[], stderr: [] as string[] };
    logs.set(name, log);
    let rest = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      const text = rest + chunk.toString();
      const parts = text.split('\n');
      rest = parts.pop() ?? '';
      for (const part of parts) if (part.trim()) log.lines.push(JSON.parse(part) as Line);
    });
    child.stderr!.on('data', (chunk: Buffer) => void log.stderr.push(chunk.toString()));
    await waitForHealth(stack.urls[name], child, name);
  }
  const port = Number(new URL(stack.redisUrl).port);
  const redisPid = stack.processes().find((p) => p.name === 'redis-server')!.pid;
  const before = new Map([...logs].map(([name, log]) => [name, log.lines.length]));

  process.kill(redisPid, 'SIGKILL');
  await sleep(4000); // the connections retry many times meanwhile
  newRedis = await startRedis({ port });
  await sleep(5000);

  // Connections per service: content and members have a store and a queue connection,
  // ai-worker too (its workers' copies report with the queue connection), the gateway a store.
  const expectedRoles: Record<string, string[]> = {
    content: ['queues', 'store'],
    members: ['queues', 'store'],
    'ai-worker': ['queues', 'store'],
    gateway: ['store'],
  };
  for (const [name, log] of logs) {
    const during = log.lines.slice(before.get(name));
    const warnings = during.filter((line) => line.level === 40);
    expect(
      warnings.map((line) => line.msg),
      name,
    ).toEqual(expectedRoles[name].map(() => 'redis unreachable'));
    expect(warnings.map((line) => line.role).sort(), name).toEqual(expectedRoles[name]);
    const back = during.filter((line) => line.msg === 'redis reconnected');
    expect(back.map((line) => line.role).sort(), name).toEqual(expectedRoles[name]);
    expect(
      during.filter((line) => (line.level as number) >= 50),
      name,
    ).toEqual([]);
    expect(log.stderr.join(''), name).not.toMatch(/Unhandled error event/);
    expect(JSON.stringify(during), name).not.toContain('"stack"');
  }
}, 120_000);
