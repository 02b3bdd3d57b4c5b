import { listen } from '@coach/dev-stack';
import { createApp, createLogger } from '@coach/kit';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentBuild } from '../static/currentBuild.ts';
import { nativeFormRoutes } from './native-forms.ts';

// The outcome cookie of a form posted without the app, with and without secure cookies: the form
// routes alone, before an API that accepts every post. The blog page takes the outcome to its own
// renderer, here a route that shows what it was given.

const servers: Array<{ url: string; close(): Promise<void> }> = [];
let api: string;

beforeAll(async () => {
  const accepting = express();
  accepting.post('/api/newsletter', (_req, res) => res.status(201).json({ ok: true, message: 'Please confirm' }));
  const server = await listen(accepting);
  servers.push(server);
  api = server.url;
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function site(cookieSecure: boolean) {
  const app = createApp(createLogger('outcome-cookie-test', 'silent'), { json: false });
  app.use(
    nativeFormRoutes({
      build: {} as CurrentBuild,
      apiUrl: () => api,
      limit: (_req, _res, next) => next(),
      cookieSecure,
      timeoutMs: 5000,
      logger: createLogger('outcome-cookie-test', 'silent'),
    }),
  );
  app.get('/blog', (_req, res) => res.json(res.locals.formOutcome ?? null));
  const server = await listen(app);
  servers.push(server);
  return server.url;
}

async function subscribeAndReturn(url: string) {
  const posted = await fetch(`${url}/newsletter`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url },
    body: new URLSearchParams({ email: 'reader@example.com', returnTo: '/blog' }),
  });
  const [set] = posted.headers.getSetCookie();
  const back = await fetch(`${url}/blog`, { headers: { cookie: set!.split(';')[0]! } });
  return { status: posted.status, set: set!, cleared: back.headers.getSetCookie()[0], shown: await back.json() };
}

describe('the form outcome cookie', () => {
  it('is __Host-form-outcome with secure cookies (Secure, Path=/, no Domain), and is read back and cleared', async () => {
    const { status, set, cleared, shown } = await subscribeAndReturn(await site(true));
    expect(status).toBe(303);
    expect(set).toMatch(/^__Host-form-outcome=[\w-]+;/);
    expect(set).toContain('Path=/');
    expect(set).toContain('Secure');
    expect(set).not.toContain('Domain');
    expect(shown).toMatchObject({ action: '/newsletter', status: 201 });
    expect(cleared).toMatch(/^__Host-form-outcome=;/);
  });

  it('keeps its plain name where cookies are not secure (plain http in development), where __Host- cannot be set', async () => {
    const { set, shown } = await subscribeAndReturn(await site(false));
    expect(set).toMatch(/^form-outcome=[\w-]+;/);
    expect(set).not.toContain('Secure');
    expect(shown).toMatchObject({ action: '/newsletter', status: 201 });
  });
});
