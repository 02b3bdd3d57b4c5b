import { listen } from '@coach/dev-stack';
import { pino } from 'pino';
import { expect, it } from 'vitest';
import { createApp, finishApp } from './app.ts';

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
