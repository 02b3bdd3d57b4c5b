import { randomUUID } from 'node:crypto';
import type { Edge } from './journey.ts';
import { siteClient } from './site-client.ts';

/**
 * Steady reads and writes through the edge while something happens to the site: `readers`
 * visitors reading the blog's list, and `writers` sending contact messages (each with its own
 * address, so every acknowledged one can be looked for afterwards). A write answered with one of
 * `retryOn` (by default 503, the site's "try again") is sent again with its Idempotency-Key, as
 * the app's outbox does; any other answer that is not a success, or no answer, is a failed request.
 */
export function steadyLoad(
  edge: Edge,
  options: { readers?: number; writers?: number; pauseMs?: number; retryOn?: number[] } = {},
) {
  const retryOn = options.retryOn ?? [503];
  const client = siteClient(edge.domain, edge.address, edge.ca);
  const tag = randomUUID().slice(0, 8);
  const acknowledged: { email: string; at: number; tookMs: number }[] = [];
  const failures: string[] = [];
  let requests = 0;
  let retried = 0;
  let running = true;
  const pause = () => new Promise((resolve) => setTimeout(resolve, options.pauseMs ?? 100));

  async function reader() {
    while (running) {
      requests += 1;
      try {
        const answer = await client.get('/api/blog/posts');
        if (answer.status !== 200) failures.push(`GET ${answer.status}`);
      } catch (err) {
        failures.push(`GET ${(err as Error).message}`);
      }
      await pause();
    }
  }

  async function writer(index: number) {
    for (let n = 0; running; n += 1) {
      const email = `load-${tag}-${index}-${n}@example.com`;
      const key = randomUUID();
      const sentAt = Date.now();
      for (let attempt = 0; ; attempt += 1) {
        requests += 1;
        try {
          const answer = await client.post(
            '/api/contact',
            { name: 'Steady Writer', email, subject: 'general', message: `Message ${n} of writer ${index}.` },
            { 'idempotency-key': key },
          );
          if (answer.status === 201) {
            acknowledged.push({ email, at: Date.now(), tookMs: Date.now() - sentAt });
            break;
          }
          if (!retryOn.includes(answer.status) || attempt >= 20) {
            failures.push(`POST ${answer.status}`);
            break;
          }
        } catch (err) {
          failures.push(`POST ${(err as Error).message}`);
          break;
        }
        retried += 1;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      await pause();
    }
  }

  const workers = [
    ...Array.from({ length: options.readers ?? 2 }, () => reader()),
    ...Array.from({ length: options.writers ?? 2 }, (_, i) => writer(i)),
  ];
  return {
    tag,
    acknowledged,
    async stop() {
      running = false;
      await Promise.all(workers);
      client.close();
      const slowestMs = Math.max(0, ...acknowledged.map(({ tookMs }) => tookMs));
      return { requests, failures, retried, acknowledged: acknowledged.length, slowestWrite: slowestMs / 1000 };
    },
  };
}

/** The longest stretch, in seconds, between two acknowledged writes (or from `from` to the first). */
export function longestGap(times: number[], from: number) {
  let previous = from;
  let longest = 0;
  for (const at of [...times].sort((a, b) => a - b)) {
    if (at < from) continue;
    longest = Math.max(longest, at - previous);
    previous = at;
  }
  return longest / 1000;
}
