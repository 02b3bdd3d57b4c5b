// Chat round trips through the queue: gateway -> content -> BullMQ -> ai-worker (offline
// companion) -> QueueEvents -> content -> gateway, at 20 concurrent chats. Start the stack with
// CHAT_RATE_LIMIT_PER_MINUTE and RATE_LIMIT_WRITES_PER_MINUTE raised: all requests come from one address.
// Alongside, the share of the companion's question table answered from the intended theme.
import { load } from '../../../bench/autocannon.ts';
import { themeHitRate } from '../src/chat/questions.ts';

export const CHAT_CONNECTIONS = 20;
/** Target: p99 of a chat round trip under this, with the offline companion. */
export const CHAT_P99_TARGET_MS = 150;
/** Target: the share of the question table answered from its theme, in percent, at least this. */
export const THEME_HIT_RATE_TARGET_PERCENT = 95;

export async function benchChat(gatewayUrl: string): Promise<Record<string, number>> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const request = {
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      message: 'I feel stuck in my life. How do I move forward?',
      context: 'spiritual',
      tone: 'compassionate',
    }),
  };
  const url = `${gatewayUrl}/api/ai/chat`;
  await load(url, { ...request, connections: CHAT_CONNECTIONS, seconds: 2 }); // warm-up: JIT, connections
  const figures = await load(url, { ...request, connections: CHAT_CONNECTIONS, seconds });
  return {
    connections: CHAT_CONNECTIONS,
    p50Ms: figures.p50Ms,
    p99Ms: figures.p99Ms,
    jobsPerSecond: figures.requestsPerSecond,
    errors: figures.errors,
    non2xx: figures.non2xx,
    themeHitRatePercent: themeHitRate(),
    themeHitRateTargetPercent: THEME_HIT_RATE_TARGET_PERCENT,
  };
}
