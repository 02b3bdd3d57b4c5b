import { DEMO_MEMBER } from '@coach/dev-stack';
import autocannon from 'autocannon';

const DURATION_S = 10;
const LOGIN_CONNECTIONS = 10;
const WARM_UP_S = 2;

/**
 * POST /api/auth/login with the demo member's credentials at 10 connections for ~10 s (after a
 * 2 s warm-up), while GET /api/site-stats (content) and GET /api/community/weekly-prompt
 * (members itself) are read alongside, each at a steady 50 requests a second. The sign-ins
 * measure argon2 throughput (one verification per successful sign-in); the reads show whether
 * hashing stalls the services (it runs off the event loop, so their p99 should stay under 100 ms).
 *
 * Successful sign-ins never count against the brute-force limits. The gateway's per-IP write
 * limit (RATE_LIMIT_WRITES_PER_MINUTE, 60 by default) does: start the stack with a higher one,
 * else most sign-ins are answered 429 by the gateway (loginNon2xx tells).
 */
export async function benchLogin(gatewayUrl: string): Promise<Record<string, number>> {
  const base = gatewayUrl.replace(/\/$/, '');
  const probe = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_MEMBER),
  });
  if (!probe.ok)
    throw new Error(`the demo member cannot sign in (${probe.status}): is the stack seeded (SEED_DEMO=true)?`);

  const logins = (duration: number) =>
    autocannon({
      url: `${base}/api/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_MEMBER),
      connections: LOGIN_CONNECTIONS,
      duration,
    });
  await logins(WARM_UP_S); // JIT, connection pools, the first hashes
  const [login, reads, memberReads] = await Promise.all([
    logins(DURATION_S),
    autocannon({ url: `${base}/api/site-stats`, connections: 2, overallRate: 50, duration: DURATION_S }),
    // A read served by the members process itself, the one doing the hashing.
    autocannon({ url: `${base}/api/community/weekly-prompt`, connections: 2, overallRate: 50, duration: DURATION_S }),
  ]);
  const seconds = login.duration;
  return {
    loginHashesPerSecond: round(login['2xx'] / seconds),
    loginRequestsPerSecond: round(login.requests.average),
    loginP50Ms: login.latency.p50,
    loginP99Ms: login.latency.p99,
    loginOk: login['2xx'],
    loginNon2xx: login.non2xx,
    loginErrors: login.errors,
    siteStatsP50Ms: reads.latency.p50,
    siteStatsP99Ms: reads.latency.p99,
    siteStatsMaxMs: reads.latency.max,
    siteStatsRequests: reads.requests.total,
    siteStatsNon2xx: reads.non2xx,
    membersReadP50Ms: memberReads.latency.p50,
    membersReadP99Ms: memberReads.latency.p99,
    membersReadNon2xx: memberReads.non2xx,
  };
}

const round = (n: number) => Math.round(n * 10) / 10;
