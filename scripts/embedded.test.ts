import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@coach/dev-stack';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../services/content/src/testing/harness.ts';

// `npm start`'s stack as an operator runs it: settings from the environment and a .env file.
const script = fileURLToPath(new URL('./embedded.ts', import.meta.url));
const WRITES_PER_MINUTE = 3;
let dir: string;
let site: ChildProcess;
let siteUrl: string;
let llm: FakeOpenAi;
let smtp: SMTPServer;
const mails: Array<{ to: string[]; raw: string }> = [];

async function untilUp(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`npm start's stack exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the site did not start');
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'coach-operator-'));
  llm = await startFakeOpenAi();
  llm.answerWith(() => 'Breathe in, dear one: this reply came from the configured model.');
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  // The .env file fills in what the environment leaves unset; the environment wins.
  writeFileSync(
    path.join(dir, '.env'),
    [
      `RATE_LIMIT_WRITES_PER_MINUTE=${WRITES_PER_MINUTE}`,
      'OPENAI_MODEL=model-from-dotenv',
      'COACH_EMAIL=overridden@example.org',
    ].join('\n'),
  );
  const port = await freePort();
  siteUrl = `http://127.0.0.1:${port}`;
  site = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), script], {
    cwd: dir,
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      DATA_DIR: path.join(dir, 'data'),
      LOG_LEVEL: 'silent',
      OPENAI_API_KEY: 'operator-key',
      OPENAI_BASE_URL: llm.baseUrl,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      COACH_EMAIL: 'inbox@coach.example.org',
    },
  });
  await untilUp(siteUrl, site);
}, 120_000);

afterAll(async () => {
  if (site && site.exitCode === null) {
    await new Promise((resolve) => {
      site.once('exit', resolve);
      site.kill('SIGTERM');
    });
  }
  await llm?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  rmSync(dir, { recursive: true, force: true });
});

const post = (urlPath: string, body: unknown) =>
  fetch(`${siteUrl}${urlPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe("npm start honours the operator's settings", () => {
  it('listens on PORT and keeps its data in DATA_DIR', async () => {
    expect((await fetch(`${siteUrl}/api/site-stats`)).status).toBe(200);
    for (const part of ['mongo', 'redis', 'keys']) expect(existsSync(path.join(dir, 'data', part))).toBe(true);
  });

  it('answers chats from the OpenAI-compatible provider it was given', async () => {
    const res = await post('/api/ai/chat', { message: 'Where do I begin?' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { response: string }).response).toMatch(/configured model/);
    expect(llm.requests.at(-1)?.model).toBe('model-from-dotenv');
  });

  it('sends the coach e-mail through the SMTP server it was given', async () => {
    const res = await post('/api/contact', {
      name: 'Ravi',
      email: 'ravi@example.com',
      subject: 'general',
      message: 'I would like to talk about a retreat.',
    });
    expect(res.status).toBe(201);
    await expect
      .poll(() => mails.some((m) => m.to.includes('inbox@coach.example.org')), { timeout: 15_000 })
      .toBe(true);
    expect(mails.some((m) => m.to.includes('overridden@example.org'))).toBe(false);
  });

  it('applies its write limit: the third write of the minute passes, the fourth gets 429', async () => {
    // The chat and the contact message above were the first two writes.
    expect((await fetch(`${siteUrl}/api/site-stats/like`, { method: 'POST' })).status).toBe(200);
    expect((await fetch(`${siteUrl}/api/site-stats/like`, { method: 'POST' })).status).toBe(429);
  });
});
