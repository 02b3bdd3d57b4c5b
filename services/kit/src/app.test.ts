import { listen } from '@coach/dev-stack';
import { pino } from 'pino';
import { expect, it } from 'vitest';
import { BODY_TOO_DEEP, createApp, finishApp, MAX_BODY_DEPTH } from './app.ts';

it("writes no link's token to the request log, and keeps the rest of its address", async () => {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  const app = createApp(logger);
  app.get('/newsletter/confirm', (_req, res) => void res.send('ok'));
  const server = await listen(finishApp(app, logger));
  try {
    const res = await fetch(`${server.url}/newsletter/confirm?token=s3cret-Token_1&mailing=m-7`);
    expect(res.status).toBe(200);
  } finally {
    await server.close();
  }
  const logged = lines.map((line) => JSON.parse(line) as { req?: { url: string }; res?: { statusCode: number } });
  const line = logged.find((l) => l.req);
  expect(line?.req?.url).toBe('/newsletter/confirm?token=%5Bredacted%5D&mailing=m-7');
  expect(line?.res?.statusCode).toBe(200);
  expect(lines.join('\n')).not.toContain('s3cret-Token_1');
});

it('refuses a JSON body nested deeper than the site ever nests, before any handler walks it', async () => {
  const logger = pino({ level: 'silent' });
  const app = createApp(logger);
  const seen: unknown[] = [];
  app.post('/api/write', (req, res) => {
    // What a handler does with a body it keeps (the idempotency record serializes it).
    seen.push(JSON.stringify(req.body));
    res.status(201).json({ ok: true });
  });
  const server = await listen(finishApp(app, logger));
  const post = (body: string) =>
    fetch(`${server.url}/api/write`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  try {
    const deep = await post(`${'['.repeat(20_000)}${']'.repeat(20_000)}`);
    expect(deep.status).toBe(400);
    expect(await deep.json()).toEqual({ message: BODY_TOO_DEEP });
    const justTooDeep = await post(`{"a":${'{"b":'.repeat(MAX_BODY_DEPTH)}1${'}'.repeat(MAX_BODY_DEPTH)}}`);
    expect(justTooDeep.status).toBe(400);
    expect(seen).toEqual([]);
    const nested = await post(`{"a":${'{"b":'.repeat(MAX_BODY_DEPTH - 1)}1${'}'.repeat(MAX_BODY_DEPTH - 1)}}`);
    expect(nested.status).toBe(201);
    expect(seen).toHaveLength(1);
  } finally {
    await server.close();
  }
});
