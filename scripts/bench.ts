// `npm run bench`: starts the embedded stack (production mode, per-IP limits lifted since every
// request comes from this one address) and measures, in one run:
//   1. public reads through the gateway and directly on content (issue: platform)
//   2. sign-ins: argon2 hashes/s and login p99, with site-stats p99 measured alongside (members)
//   3. chat round trips through the queue with the offline companion (ai-worker)
//   4. the front end: gzipped JS of the home route and Lighthouse scores (pwa)
// BENCH_SECONDS (default 10) sets each run's length; BENCH_ONLY=reads,login,chat,frontend picks parts.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_MEMBER, startStack } from '@coach/kit/embedded';
import { load, type LoadFigures } from '../bench/autocannon.ts';
import { homeRouteJsKb, lighthouseScores } from '../bench/frontend.ts';
import { benchChat } from '../services/ai-worker/bench/chat.ts';
import { benchLogin } from '../services/members/bench/login.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const UNLIMITED = '1000000000';
const only = new Set((process.env.BENCH_ONLY ?? 'reads,login,chat,frontend').split(','));

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coach-bench-'));
const stack = await startStack({
  dataDir,
  logLevel: 'warn',
  env: {
    NODE_ENV: 'production',
    RATE_LIMIT_READS_PER_MINUTE: UNLIMITED,
    RATE_LIMIT_WRITES_PER_MINUTE: UNLIMITED,
    CHAT_RATE_LIMIT_PER_MINUTE: UNLIMITED,
  },
});
const gateway = stack.gatewayUrl;

async function benchReads() {
  const rows: Array<{ name: string } & LoadFigures> = [];
  const ratios: string[] = [];
  for (const route of ['/api/site-stats', '/api/blog/posts']) {
    for (const [name, base] of [['gateway', gateway], ['content', stack.urls.content]]) {
      const url = `${base}${route}`;
      await load(url, { connections: CONNECTIONS, seconds: 2 }); // warm-up: JIT, pools, caches
      rows.push({ name: `${name} ${route}`, ...(await load(url, { connections: CONNECTIONS, seconds: SECONDS })) });
    }
    const [viaGateway, direct] = rows.slice(-2);
    ratios.push(`${route}: the gateway keeps ${Math.round((viaGateway.requestsPerSecond / direct.requestsPerSecond) * 100)}% of direct throughput`);
  }
  console.log(`\n1. Public reads at ${CONNECTIONS} connections, ${SECONDS} s each`);
  console.table(rows.map((r) => ({ run: r.name, 'req/s': r.requestsPerSecond, 'p50 ms': r.p50Ms, 'p99 ms': r.p99Ms, errors: r.errors, non2xx: r.non2xx })));
  ratios.forEach((line) => console.log(line));
  console.log('Targets: GET /api/site-stats via the gateway p99 < 50 ms, >= 1500 req/s, >= 45% of direct.');
}

async function signedInCookie(): Promise<string> {
  const res = await fetch(`${gateway}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_MEMBER),
  });
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

async function benchFrontend() {
  const js = await homeRouteJsKb(`${gateway}/`);
  console.log(`\n4. Front end\nHome route: ${js.files} scripts, ${js.gzipKb} kB gzipped (budget 180 kB)`);
  const [newestPost] = (await (await fetch(`${gateway}/api/blog/posts`)).json()) as Array<{ slug: string }>;
  const postPage = newestPost ? [`/blog/${newestPost.slug}`] : []; // the demo posts are seeded
  const publicPages = await lighthouseScores(
    ['/', '/blog', ...postPage, '/coaching', '/login', '/legal/privacy-policy'].map((p) => `${gateway}${p}`),
  );
  const memberPages = await lighthouseScores([`${gateway}/community`], await signedInCookie());
  console.log(`Lighthouse, mobile settings, median of ${process.env.LIGHTHOUSE_RUNS ?? 3} runs (targets: each score >= 90, accessibility >= 95):`);
  console.table({ ...publicPages, ...memberPages });
}

try {
  if (only.has('reads')) await benchReads();
  if (only.has('login')) {
    console.log('\n2. Sign-ins at 10 connections, site-stats read alongside (target: site-stats p99 < 100 ms)');
    console.table(await benchLogin(gateway));
  }
  if (only.has('chat')) {
    console.log('\n3. Chat round trips through the queue, offline companion (target: p99 < 150 ms)');
    console.table(await benchChat(gateway));
  }
  if (only.has('frontend')) await benchFrontend();
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
