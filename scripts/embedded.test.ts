import { spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ADMIN, DEMO_MEMBER, freePort } from '@coach/dev-stack';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../services/content/src/testing/harness.ts';

// `npm start`'s stack as an operator runs it: settings from the environment and a .env file,
// in development mode and in production mode (NODE_ENV=production).
const script = fileURLToPath(new URL('./embedded.ts', import.meta.url));
const WRITES_PER_MINUTE = 6;
const OWN_ADMIN = { email: 'owner@coach.example.org', password: 'Own-Passw0rd-from-a-file' };
let dir: string;
let site: Site;
let siteUrl: string;
let production: Site;
let llm: FakeOpenAi;
let smtp: SMTPServer;
const mails: Array<{ to: string[]; raw: string }> = [];

interface Site {
  child: ChildProcess;
  url: string;
  /** What it printed on stderr so far. */
  stderr: () => string;
  exited: Promise<number | null>;
}

/** Runs `npm start`'s stack in `cwd` with only these settings (and PATH, HOME). */
function runSite(cwd: string, env: Record<string, string | undefined>): Site {
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), script], {
    cwd,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'silent', ...env },
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const host = env.HOST ?? '127.0.0.1';
  return { child, url: `http://${host}:${env.PORT}`, stderr: () => stderr, exited };
}

async function untilUp({ url, child, stderr }: Site) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`npm start's stack exited with ${child.exitCode}: ${stderr()}`);
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

async function stopSite(running: Site | undefined) {
  if (running && running.child.exitCode === null) {
    running.child.kill('SIGTERM');
    await running.exited;
  }
}

/** The process and every process it started, by walking /proc's parent links. */
function processTree(root: number): number[] {
  const parents = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        // The parent is the second field after the parenthesised command name.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return [[Number(pid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])]] as const;
      } catch {
        return []; // exited meanwhile
      }
    });
  const tree = [root];
  for (let i = 0; i < tree.length; i++)
    tree.push(...parents.filter(([, ppid]) => ppid === tree[i]).map(([pid]) => pid));
  return tree;
}

/** The TCP addresses ("127.0.0.1:4001", "[::]:8080") the processes listen on, from /proc. */
function listeningAddresses(pids: number[]): string[] {
  const inodes = new Set(
    pids.flatMap((pid) => {
      try {
        return readdirSync(`/proc/${pid}/fd`).map((fd) => readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        return [];
      }
    }),
  );
  // Addresses are hex, each 32-bit word in the machine's (little-endian) byte order.
  const words = (hex: string) => hex.match(/.{8}/g)!.map((word) => word.match(/../g)!.reverse().join(''));
  const address = (hex: string) =>
    hex.length === 8
      ? words(hex)[0]!
          .match(/../g)!
          .map((byte) => parseInt(byte, 16))
          .join('.')
      : new URL(`http://[${words(hex).join('').match(/.{4}/g)!.join(':')}]`).hostname;
  return ['tcp', 'tcp6'].flatMap((table) =>
    readFileSync(`/proc/net/${table}`, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[3] === '0A' && inodes.has(`socket:[${fields[9]}]`)) // 0A: LISTEN
      .map((fields) => {
        const [hex, port] = fields[1]!.split(':') as [string, string];
        return `${address(hex)}:${parseInt(port, 16)}`;
      }),
  );
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
  const adminPasswordFile = path.join(dir, 'admin_password');
  writeFileSync(adminPasswordFile, `${OWN_ADMIN.password}\n`, { mode: 0o600 });
  const productionDir = path.join(dir, 'production');
  mkdirSync(productionDir);
  site = runSite(dir, {
    PORT: String(await freePort()),
    HOST: '127.0.0.2',
    DATA_DIR: path.join(dir, 'data'),
    OPENAI_API_KEY: 'operator-key',
    OPENAI_BASE_URL: llm.baseUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    COACH_EMAIL: 'inbox@coach.example.org',
    // The demo admin's e-mail with the operator's password: the file's, not the embedded default.
    ADMIN_PASSWORD_FILE: adminPasswordFile,
    // Another program's setting in the operator's shell: npm start leaves it alone.
    SOME_TOOL_CONFIG_FILE: path.join(dir, 'nowhere'),
  });
  siteUrl = site.url;
  production = runSite(productionDir, {
    NODE_ENV: 'production',
    PORT: String(await freePort()),
    DATA_DIR: path.join(productionDir, 'data'),
    ADMIN_EMAIL: OWN_ADMIN.email,
    ADMIN_PASSWORD_FILE: adminPasswordFile,
  });
  await Promise.all([untilUp(site), untilUp(production)]);
}, 120_000);

afterAll(async () => {
  await Promise.all([stopSite(site), stopSite(production)]);
  await llm?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  rmSync(dir, { recursive: true, force: true });
});

const post = (urlPath: string, body: unknown, url = siteUrl) =>
  fetch(`${url}${urlPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe("npm start honours the operator's settings", () => {
  it('listens on PORT and keeps its data in DATA_DIR', async () => {
    expect((await fetch(`${siteUrl}/api/site-stats`)).status).toBe(200);
    for (const part of ['mongo', 'redis', 'keys']) expect(existsSync(path.join(dir, 'data', part))).toBe(true);
  });

  it("listens on HOST's address, and keeps mongod, redis, the inner services and the payment stand-in on loopback", () => {
    const addresses = listeningAddresses(processTree(site.child.pid!));
    expect(addresses).toContain(new URL(siteUrl).host);
    // mongod, redis-server, content, members, ai-worker, the payment stand-in
    expect(addresses.filter((address) => address.startsWith('127.0.0.1:'))).toHaveLength(6);
    expect(addresses).toHaveLength(7);
  });

  it('reads ADMIN_PASSWORD_FILE, the embedded default giving way, and seeds the demo member', async () => {
    expect((await post('/api/admin/login', DEMO_ADMIN)).status).toBe(401);
    expect((await post('/api/admin/login', { email: DEMO_ADMIN.email, password: OWN_ADMIN.password })).status).toBe(
      200,
    );
    expect((await post('/api/auth/login', DEMO_MEMBER)).status).toBe(200);
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

  it('applies its write limit: the sixth write of the minute passes, the seventh gets 429', async () => {
    // The three sign-ins, the chat and the contact message above were the first five writes.
    expect((await fetch(`${siteUrl}/api/site-stats/like`, { method: 'POST' })).status).toBe(200);
    expect((await fetch(`${siteUrl}/api/site-stats/like`, { method: 'POST' })).status).toBe(429);
  });
});

describe('npm start with NODE_ENV=production', () => {
  it("refuses to start without the coach's password, naming ADMIN_PASSWORD and ADMIN_PASSWORD_FILE", async () => {
    const refused = runSite(dir, { NODE_ENV: 'production', PORT: '1', ADMIN_EMAIL: OWN_ADMIN.email });
    expect(await refused.exited).toBe(1);
    expect(refused.stderr()).toMatch(/ADMIN_PASSWORD: .*set ADMIN_PASSWORD or ADMIN_PASSWORD_FILE/);
  });

  it('seeds no demo account or post; the admin from the settings signs in, with a Secure cookie', async () => {
    const url = production.url;
    expect((await post('/api/admin/login', DEMO_ADMIN, url)).status).toBe(401);
    expect((await post('/api/auth/login', DEMO_MEMBER, url)).status).toBe(401);
    expect(await (await fetch(`${url}/api/blog/posts`)).json()).toEqual([]);
    const admin = await post('/api/admin/login', OWN_ADMIN, url);
    expect(admin.status).toBe(200);
    const cookies = admin.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
  });

  it('runs no payment stand-in: without Razorpay keys checkout says the site takes no payments', async () => {
    const url = production.url;
    expect(await (await fetch(`${url}/api/checkout/settings`)).json()).toMatchObject({ enabled: false });
    const order = await post(
      '/api/checkout/orders',
      { programId: 'heal-to-rise', name: 'Asha Rao', email: 'asha@example.com' },
      url,
    );
    expect(order.status).toBe(503);
    expect(((await order.json()) as { message: string }).message).toBe('This site does not take payments yet');
  });

  it('listens on loopback only: the gateway, the inner services, mongod and redis', () => {
    const addresses = listeningAddresses(processTree(production.child.pid!));
    // the gateway, content, members, ai-worker, mongod, redis-server; none in npm start's own process
    expect(addresses).toHaveLength(6);
    expect(addresses).toContain(new URL(production.url).host);
    for (const address of addresses) expect(address).toMatch(/^127\.0\.0\.1:/);
    expect(listeningAddresses([production.child.pid!])).toEqual([]);
  });
});
