/**
 * The outbox: POSTs that could not reach the server (contact, newsletter, the free guide, like, a homework answer), kept with their
 * Idempotency-Key and replayed in order once the connection returns. Plain logic: the storage,
 * fetch, clock and lock come in as parameters, so the service worker, the page fallback and the
 * unit tests share it.
 */

export type OutboxKind = 'contact' | 'newsletter' | 'guide' | 'like' | 'homework';

/** The writes that wait in the outbox when offline; every other call fails as usual. */
export const OUTBOX_PATHS: Readonly<Record<string, OutboxKind>> = {
  '/api/contact': 'contact',
  '/api/newsletter': 'newsletter',
  '/api/guide': 'guide',
  '/api/site-stats/like': 'like',
};

/** Marks the service worker's answer to a POST it kept for later (202 Accepted). */
export const QUEUED_HEADER = 'X-Outbox';
export const OUTBOX_SYNC_TAG = 'coach-outbox';

export interface OutboxEntry {
  /** The Idempotency-Key: one entry per submission, so storing it twice keeps one. */
  id: string;
  kind: OutboxKind;
  url: string;
  /** The JSON body as sent, or null for a POST without body. */
  body: string | null;
  queuedAt: number;
  attempts: number;
  /** Not before this time (after a server error); 0 means at once. */
  retryAt: number;
}

export interface OutboxStore {
  all(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  remove(id: string): Promise<void>;
}

export type OutboxEvent =
  | { type: 'delivered'; kind: OutboxKind; id: string; body: unknown }
  | { type: 'rejected'; kind: OutboxKind; id: string; status: number; message?: string };

export interface ReplayReport {
  delivered: number;
  rejected: number;
  remaining: number;
  /** When a server error asked us to wait: the time of the next try. */
  retryAt?: number;
}

export interface OutboxDeps {
  store: OutboxStore;
  fetch: typeof fetch;
  now?: () => number;
  /** Runs the replay exclusively across the page and the service worker (Web Locks). */
  lock?: <T>(task: () => Promise<T>) => Promise<T>;
  onEvent?: (event: OutboxEvent) => void;
}

/** A replayed request that hangs gives up, so it cannot hold the replay lock for ever. */
export const REPLAY_TIMEOUT_MS = 30_000;
export const RETRY_BASE_MS = 5_000;
export const RETRY_MAX_MS = 5 * 60_000;

/** 5 s, 10 s, 20 s ... capped at 5 minutes. */
export const backoffMs = (attempts: number): number => Math.min(RETRY_BASE_MS * 2 ** (attempts - 1), RETRY_MAX_MS);

/**
 * Worth another try later: server errors, and the 4xx that say "not now" (timeout, the same key
 * still being processed, rate limit). Any other 4xx is a verdict on the content.
 */
export const isRetryable = (status: number): boolean => status >= 500 || [408, 409, 425, 429].includes(status);

/** A client's answer to her homework: /api/portal/homework/{id}. */
const HOMEWORK_ANSWER_PATH = /^\/api\/portal\/homework\/[a-f0-9]{24}$/;

export const outboxKind = (pathname: string): OutboxKind | undefined =>
  OUTBOX_PATHS[pathname] ?? (HOMEWORK_ANSWER_PATH.test(pathname) ? 'homework' : undefined);

/**
 * 503: the server is reachable but its database or queue is away for a moment. An outbox write
 * that meets it is kept and sent later, as when offline.
 */
export const isPassingOutage = (status: number): boolean => status === 503;

async function readMessage(res: Response): Promise<string | undefined> {
  try {
    const body = (await res.json()) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : undefined;
  } catch {
    return undefined;
  }
}

export function createOutbox({
  store,
  fetch,
  now = Date.now,
  lock = (task) => task(),
  onEvent = () => {},
}: OutboxDeps) {
  let lastQueuedAt = 0;

  const pending = async (): Promise<OutboxEntry[]> =>
    (await store.all()).sort((a, b) => a.queuedAt - b.queuedAt || a.id.localeCompare(b.id));

  return {
    pending,

    /**
     * Keeps a submission for later. The same key twice is one entry (the first one's place). One
     * the server answered 503 waits the first backoff before its next try.
     */
    async enqueue(
      input: { id: string; kind: OutboxKind; url: string; body: string | null },
      { afterOutage = false } = {},
    ): Promise<OutboxEntry> {
      const existing = (await store.all()).find((e) => e.id === input.id);
      if (existing) return existing;
      // Strictly increasing within a context, so two submissions in one millisecond keep their order.
      lastQueuedAt = Math.max(now(), lastQueuedAt + 1);
      const retryAt = afterOutage ? now() + backoffMs(1) : 0;
      const entry: OutboxEntry = { ...input, queuedAt: lastQueuedAt, attempts: 0, retryAt };
      await store.put(entry);
      return entry;
    },

    /**
     * Sends the entries oldest first. A delivered entry or one refused with a 4xx leaves the
     * outbox; a network failure or a server error keeps it and stops the pass, so nothing
     * overtakes it (FIFO) and nothing is dropped. The entries are read inside the lock, so an
     * entry another replay has just delivered is never sent again.
     */
    replay(): Promise<ReplayReport> {
      return lock(async () => {
        const entries = await pending();
        const report: ReplayReport = { delivered: 0, rejected: 0, remaining: entries.length };
        for (const entry of entries) {
          if (entry.retryAt > now()) return { ...report, retryAt: entry.retryAt };
          let res: Response;
          try {
            res = await fetch(entry.url, {
              method: 'POST',
              credentials: 'include',
              headers: {
                'Idempotency-Key': entry.id,
                ...(entry.body === null ? {} : { 'Content-Type': 'application/json' }),
              },
              body: entry.body,
              signal: AbortSignal.timeout?.(REPLAY_TIMEOUT_MS),
            });
          } catch {
            return report; // still offline: the next 'online', start or sync tries again
          }
          // A page-level replay whose fetch the service worker queued again: still offline.
          if (res.headers.get(QUEUED_HEADER)) return report;
          if (res.ok) {
            await store.remove(entry.id);
            report.delivered += 1;
            report.remaining -= 1;
            onEvent({ type: 'delivered', kind: entry.kind, id: entry.id, body: await res.json().catch(() => null) });
          } else if (isRetryable(res.status)) {
            const attempts = entry.attempts + 1;
            const retryAt = now() + backoffMs(attempts);
            await store.put({ ...entry, attempts, retryAt });
            return { ...report, retryAt };
          } else {
            await store.remove(entry.id);
            report.rejected += 1;
            report.remaining -= 1;
            const message = await readMessage(res);
            onEvent({ type: 'rejected', kind: entry.kind, id: entry.id, status: res.status, message });
          }
        }
        return report;
      });
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
