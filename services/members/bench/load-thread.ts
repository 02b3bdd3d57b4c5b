import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { Pool } from 'undici';

/** What a request of the bench sends through the gateway. */
export interface Delivery {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** How a batch is sent: `concurrency` at a time (closed loop), or `perSecond` each at its own time (open loop). */
type Pace = { concurrency: number } | { perSecond: number };

/** Each request's milliseconds, how many were not answered 2xx, the 2xx answers' texts, and the batch's seconds. */
export interface Sent {
  latencies: number[];
  failed: number;
  answers: string[];
  seconds: number;
}

/**
 * The bench's load generator, on a thread of its own: a request's milliseconds are read on a small
 * heap that nothing else fills, so a collection of the bench's own heap (the stack, earlier parts'
 * figures: pauses of 50-130 ms were measured there) never adds to them. Its connections stay open
 * from one batch to the next, as a provider's do.
 */
export function startLoadThread(gatewayUrl: string) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { gatewayUrl } });
  const failed = new Promise<never>((_, reject) => worker.once('error', reject));
  failed.catch(() => {}); // reported by the next send
  return {
    send: (deliveries: Delivery[], pace: Pace): Promise<Sent> => {
      worker.postMessage({ deliveries, pace });
      return Promise.race([new Promise<Sent>((resolve) => worker.once('message', resolve)), failed]);
    },
    close: () => worker.terminate(),
  };
}

async function sendAll(client: Pool, deliveries: Delivery[], pace: Pace): Promise<Sent> {
  const sent: Sent = { latencies: [], failed: 0, answers: [], seconds: 0 };
  const started = performance.now();
  const one = async ({ path, headers, body }: Delivery) => {
    const at = performance.now();
    const res = await client.request({ path, method: 'POST', headers, body });
    const text = await res.body.text();
    sent.latencies.push(performance.now() - at);
    if (res.statusCode < 300) sent.answers.push(text);
    else sent.failed += 1;
  };
  if ('concurrency' in pace) {
    let next = 0;
    await Promise.all(
      Array.from({ length: pace.concurrency }, async () => {
        while (next < deliveries.length) await one(deliveries[next++]!);
      }),
    );
  } else {
    // Open loop: each leaves at its own time, whatever the answers before it take.
    await Promise.all(
      deliveries.map(async (delivery, i) => {
        const due = started + (i * 1000) / pace.perSecond;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
        await one(delivery);
      }),
    );
  }
  sent.seconds = (performance.now() - started) / 1000;
  return sent;
}

if (!isMainThread) {
  // undici's own client, as light as a load generator should be (fetch would take a quarter of
  // this machine's CPU from the site at these rates).
  const client = new Pool((workerData as { gatewayUrl: string }).gatewayUrl, { connections: 64 });
  parentPort!.on('message', ({ deliveries, pace }: { deliveries: Delivery[]; pace: Pace }) => {
    void sendAll(client, deliveries, pace).then((sent) => parentPort!.postMessage(sent));
  });
}
