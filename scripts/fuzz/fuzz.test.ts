import { writeFileSync } from 'node:fs';
import * as contracts from '@coach/contracts';
import { databaseUrl, DEMO_ADMIN, DEMO_MEMBER, startStack, type Stack } from '@coach/dev-stack';
import fc from 'fast-check';
import mongoose from 'mongoose';
import type { z } from 'zod';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { encode, ENCODINGS, fuzzedHeaders, fuzzedQuery, fuzzedValue, paramValue } from './arbitraries.ts';
import { fuzzRoutes, type FuzzRoute } from './routes.ts';

// Every route of the site, through the gateway to the real services (mongod, redis-server, every
// service as its own process), with bodies, queries, parameters and headers made from the
// contracts' schemas and then broken, signed out, as a member and as the coach. It holds: no
// answer is a server error (a 503 with Retry-After in an outage aside: there is none here), no
// process exits, and a refused request stores nothing. `npm test` runs FUZZ_CASES (300) cases;
// `npm run fuzz` 5,000.
const CASES = Number(process.env.FUZZ_CASES ?? 300);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** Where `npm run fuzz` reads the figures' line from, to print it last. */
const FIGURES_FILE = process.env.FUZZ_FIGURES_FILE;
const WHO = ['out', 'member', 'admin'] as const;
type Who = (typeof WHO)[number];

const routes = fuzzRoutes();
/** Bodies for a handler that parses its body away from its route (sign-in, webhooks): any of the contracts' inputs. */
const inputSchemas = Object.entries(contracts)
  .filter(([name]) => /InputSchema$/.test(name))
  .map(([, schema]) => schema as z.ZodType);

let stack: Stack;
let dbs: mongoose.Connection[] = [];
const cookies: Record<Who, string> = { out: '', member: '', admin: '' };
let memberNumber = 0;
/** The member the cases are signed in as: the demo member, or one made when a case removed her. */
let memberLogin = { email: DEMO_MEMBER.email, password: DEMO_MEMBER.password };

/** The session cookie an answer sets. */
const sessionOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => c.startsWith('coach_session='))
    .join('; ');
const postJson = (path: string, body: unknown) =>
  fetch(`${stack.gatewayUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Signs the member and the coach in again when a case signed them out, changed or removed the member. */
async function keepSignedIn() {
  const live = async (who: Who) =>
    (await fetch(`${stack.gatewayUrl}/api/auth/me`, { headers: { cookie: cookies[who] } })).status === 200;
  if (!cookies.admin || !(await live('admin')))
    cookies.admin = sessionOf(await postJson('/api/admin/login', DEMO_ADMIN));
  if (cookies.member && (await live('member'))) return;
  let login = await postJson('/api/auth/login', memberLogin);
  if (login.status !== 200) {
    // The coach's cases may have removed the demo member: a new one.
    memberNumber += 1;
    const member = {
      name: 'Fuzz Member',
      username: `fuzz_${memberNumber}_${Date.now().toString(36)}`,
      email: `fuzz.${memberNumber}.${Date.now()}@example.com`,
      password: DEMO_MEMBER.password,
    };
    expect((await postJson('/api/auth/signup', member)).status).toBe(201);
    memberLogin = { email: member.email, password: member.password };
    login = await postJson('/api/auth/login', memberLogin);
  }
  cookies.member = sessionOf(login);
  expect(cookies.member).not.toBe('');
}

/** Documents in every collection of the site's databases. */
async function storedCounts(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const db of dbs)
    for (const { name } of await db.db!.listCollections({}, { nameOnly: true }).toArray())
      counts.set(`${db.name}.${name}`, await db.collection(name).estimatedDocumentCount());
  return counts;
}
const grown = (before: Map<string, number>, after: Map<string, number>) =>
  [...after]
    .filter(([name, count]) => count > (before.get(name) ?? 0))
    .map(([name, count]) => `${name} +${count - (before.get(name) ?? 0)}`);

interface Case {
  route: FuzzRoute;
  who: Who;
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

function caseOf(route: FuzzRoute): fc.Arbitrary<Case> {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  // A page's form carries what its API takes.
  const own = route.form ? routes.find((r) => r.method === 'POST' && r.path === route.form!.api)?.body : route.body;
  const bodySchema = own ? fc.constant(own) : fc.constantFrom(...inputSchemas);
  return fc
    .record({
      who: fc.constantFrom(...WHO),
      params: fc.tuple(...names.map(paramValue)),
      query: fuzzedQuery(route.query),
      headers: fuzzedHeaders,
      body: bodySchema.chain(fuzzedValue),
      encoding: fc.constantFrom(...(route.form ? (['form', ...ENCODINGS] as const) : ENCODINGS)),
    })
    .map(({ who, params, query, headers, body, encoding }) => {
      let filled = route.path;
      names.forEach((name, i) => (filled = filled.replace(`:${name}`, params[i]!)));
      const sendsBody = route.method !== 'GET';
      const encoded = sendsBody ? encode(body, encoding) : {};
      return {
        route,
        who,
        method: route.method,
        url: `${filled}${query}`,
        headers: {
          ...headers,
          ...(encoded.contentType && { 'content-type': encoded.contentType }),
          // The site's own pages post from its origin; another origin is refused before anything is read.
          origin: stack.gatewayUrl,
        },
        body: encoded.body,
      };
    });
}

async function send(c: Case) {
  const cookie = [cookies[c.who], c.headers.cookie].filter(Boolean).join('; ');
  const res = await fetch(`${stack.gatewayUrl}${c.url}`, {
    method: c.method,
    redirect: 'manual',
    headers: { ...c.headers, ...(cookie && { cookie }) },
    body: c.body,
  });
  const text = await res.text();
  return { status: res.status, retryAfter: res.headers.get('retry-after'), text };
}

/** Node refuses a request whose head is over 16 kB (431) and closes the connection while it is still sent. */
const HEAD_LIMIT = 16 * 1024;
const headBytes = (c: Case) =>
  c.url.length + Object.entries(c.headers).reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);
async function answerTo(c: Case) {
  try {
    return await send(c);
  } catch (err) {
    if (headBytes(c) + cookies[c.who].length > HEAD_LIMIT) return { status: 431, retryAfter: null, text: '' };
    throw err;
  }
}

const figures = { cases: 0, serverErrors: [] as string[], stored: [] as string[], exited: [] as string[] };
/** How many answers of each status, to see the cases reach past the first refusals. */
const statuses = new Map<number, number>();
const caseName = (c: Case) => `${c.who} ${c.method} ${c.url.slice(0, 160)} ${c.headers['content-type'] ?? ''}`;

/** One case: its answer, and what a refusal left stored (checked again alone when something else may have written). */
async function check(c: Case) {
  figures.cases += 1;
  if (figures.cases % 25 === 0) await keepSignedIn();
  const before = await storedCounts();
  const answer = await answerTo(c);
  statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  if (answer.status >= 500 && !(answer.status === 503 && answer.retryAfter))
    figures.serverErrors.push(`${answer.status} ${caseName(c)}: ${answer.text.slice(0, 200)}`);
  if (answer.status < 400 || answer.status >= 500) return;
  if (grown(before, await storedCounts()).length === 0) return;
  // Writes of an earlier accepted case (a beacon's batch, a queued job) may have landed meanwhile.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const settled = await storedCounts();
  const again = await answerTo(c);
  const stored = grown(settled, await storedCounts());
  if (again.status >= 400 && again.status < 500 && stored.length)
    figures.stored.push(`${again.status} ${caseName(c)}: ${stored.join(', ')}`);
}

beforeAll(async () => {
  const high = '1000000';
  stack = await startStack({
    logLevel: 'silent',
    env: {
      RATE_LIMIT_READS_PER_MINUTE: high,
      RATE_LIMIT_WRITES_PER_MINUTE: high,
      RATE_LIMIT_WEBHOOKS_PER_MINUTE: high,
      CHAT_RATE_LIMIT_PER_MINUTE: high,
      MAIL_REQUESTS_PER_ADDRESS_PER_HOUR: high,
      LOGIN_MAX_FAILURES_PER_ACCOUNT: high,
      LOGIN_MAX_FAILURES_PER_ACCOUNT_GLOBAL: high,
      LOGIN_MAX_FAILURES_PER_IP: high,
      PASSWORD_RESET_MAX_PER_IP: high,
      PASSWORD_RESET_MAX_PER_ACCOUNT: high,
    },
  });
  dbs = await Promise.all(
    ['coach-content', 'coach-members'].map((name) =>
      mongoose.createConnection(databaseUrl(stack.mongoUrl, name)).asPromise(),
    ),
  );
  await keepSignedIn();
}, 120_000);

afterAll(async () => {
  await Promise.all(dbs.map((db) => db.close()));
  await stack?.stop();
});

it(`answers ${CASES} fuzzed requests over every route without a server error, an exit or a stored refusal`, async () => {
  const running = stack.processes();
  // Every route gets its share of the cases.
  const perRoute = Math.ceil(CASES / routes.length);
  for (const route of routes)
    await fc.assert(
      fc.asyncProperty(caseOf(route), async (c) => {
        await check(c);
      }),
      { numRuns: perRoute, seed: SEED, endOnFailure: true },
    );
  for (const { name, pid } of running)
    try {
      process.kill(pid, 0);
    } catch {
      figures.exited.push(name);
    }
  console.log(
    `answers by status: ${[...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status} ${n}`)
      .join(', ')}`,
  );
  const line =
    `fuzz: ${figures.cases} cases on ${routes.length} routes, ${figures.serverErrors.length} server errors, ` +
    `${figures.stored.length} stored refusals, ${figures.exited.length} exits`;
  console.log(line);
  if (FIGURES_FILE) writeFileSync(FIGURES_FILE, `${line}\n`);
  expect({ serverErrors: figures.serverErrors, stored: figures.stored, exited: figures.exited }).toEqual({
    serverErrors: [],
    stored: [],
    exited: [],
  });
}, 3_600_000);
