import type { WorkerRequest } from './messages.ts';
import type { Outbox, OutboxEvent, ReplayReport } from './outbox.ts';
import { browserOutbox } from './outboxStore.ts';

type Listener = (event: OutboxEvent) => void;

let listener: Listener = () => {};
let outbox: Outbox | undefined;
let replayNow: () => void = () => {};

/**
 * Replays the outbox now, which schedules the next try of an entry kept after a 503 (no
 * `online` event will come for it). Does nothing before startOutboxSync.
 */
export const replayOutbox = (): void => replayNow();

/** The page's own handle on the outbox: used only where no service worker controls the page. */
export const pageOutbox = (): Outbox => (outbox ??= browserOutbox((event) => listener(event)));

const WORKER_ANSWER_TIMEOUT_MS = 30_000;

function askWorkerToReplay(worker: ServiceWorker): Promise<ReplayReport | null> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = window.setTimeout(() => resolve(null), WORKER_ANSWER_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent<ReplayReport | null>) => {
      window.clearTimeout(timer);
      resolve(event.data);
    };
    worker.postMessage({ type: 'OUTBOX_REPLAY' } satisfies WorkerRequest, [channel.port2]);
  });
}

/**
 * Replays the outbox on app start, on every `online` event and when a server error asked to wait.
 * One layer sends: the controlling service worker when there is one (it also replays on
 * Background Sync), otherwise the page (Safari, private modes, a first visit); the replay runs
 * under a Web Lock either way. `onEvent` hears every delivery and refusal, from either layer.
 */
export function startOutboxSync(onEvent: Listener): void {
  listener = onEvent;
  let timer: number | undefined;
  const replay = async () => {
    window.clearTimeout(timer);
    const worker = navigator.serviceWorker?.controller;
    const report = worker
      ? await askWorkerToReplay(worker)
      : await pageOutbox()
          .replay()
          .catch(() => null);
    if (report?.retryAt) timer = window.setTimeout(() => void replay(), Math.max(0, report.retryAt - Date.now()));
  };
  navigator.serviceWorker?.addEventListener(
    'message',
    (event: MessageEvent<{ type?: string; event?: OutboxEvent }>) => {
      if (event.data?.type === 'outbox' && event.data.event) listener(event.data.event);
    },
  );
  window.addEventListener('online', () => void replay());
  replayNow = () => void replay();
  void replay();
}
