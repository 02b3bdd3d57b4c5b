// `npm run bench`: starts the embedded stack and measures it with autocannon, in one run:
// public reads through the gateway and directly on content. Prints a table and the targets.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStack } from '@coach/kit/embedded';
import { load, type LoadFigures } from '../bench/autocannon.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const UNLIMITED = '1000000000';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coach-bench-'));
const stack = await startStack({
  dataDir,
  logLevel: 'warn',
  env: {
    NODE_ENV: 'production',
    RATE_LIMIT_READS_PER_MINUTE: UNLIMITED,
    RATE_LIMIT_WRITES_PER_MINUTE: UNLIMITED,
  },
});

const rows: Array<{ name: string } & LoadFigures> = [];
async function measure(name: string, url: string) {
  await load(url, { connections: CONNECTIONS, seconds: 2 }); // warm-up: JIT, pools, caches
  const figures = await load(url, { connections: CONNECTIONS, seconds: SECONDS });
  rows.push({ name, ...figures });
  return figures;
}

try {
  console.log(`Public reads at ${CONNECTIONS} connections, ${SECONDS} s each:`);
  const ratios: string[] = [];
  for (const route of ['/api/site-stats', '/api/blog/posts']) {
    const viaGateway = await measure(`gateway ${route}`, `${stack.gatewayUrl}${route}`);
    const direct = await measure(`content ${route}`, `${stack.urls.content}${route}`);
    ratios.push(`${route}: gateway keeps ${((viaGateway.requestsPerSecond / direct.requestsPerSecond) * 100).toFixed(0)}% of direct throughput`);
  }
  console.table(rows.map((r) => ({ run: r.name, 'req/s': r.requestsPerSecond, 'p50 ms': r.p50Ms, 'p99 ms': r.p99Ms, errors: r.errors, non2xx: r.non2xx })));
  for (const line of ratios) console.log(line);
  const stats = rows[0];
  console.log(
    `Target GET /api/site-stats via gateway: p99 < 50 ms (${stats.p99Ms}), >= 1500 req/s (${stats.requestsPerSecond}), >= 45% of direct.`,
  );
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
