import { MIN_PASSWORD_SCORE, PASSWORD_ESTIMATOR_LIMITS } from '@coach/contracts';
import { Worker } from 'node:worker_threads';

/**
 * The strength estimator with the common-password, English word and name lists, whole. Those
 * lists take some 50 MB once loaded, and a site sees a new password now and then: they live in a
 * worker thread that starts with the first password to judge and ends after `idleMs` without one,
 * giving all of it back. Its packages are resolved here, so the worker finds them wherever the
 * service runs (from the sources or the production file set).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const [{ ZxcvbnFactory }, common, en] = await Promise.all(workerData.packages.map((url) => import(url)));
  const estimator = new ZxcvbnFactory({
    ...workerData.limits,
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
  });
  parentPort.on('message', ({ id, password, userInputs }) => {
    parentPort.postMessage({ id, score: estimator.check(password, userInputs).score });
  });
})();
`;
const PACKAGES = ['@zxcvbn-ts/core', '@zxcvbn-ts/language-common', '@zxcvbn-ts/language-en'].map((name) =>
  import.meta.resolve(name),
);

/**
 * How long the lists stay loaded after the last password: a burst of sign-ups, or a second try
 * after a refusal, finds them loaded. Starting the worker again costs some 0.7 s of CPU; holding
 * it costs some 50 MB, which the site's memory target counts (after the bench's 20 sign-ups it
 * was still held, a minute being longer than the downloads that follow them).
 */
export const ESTIMATOR_IDLE_MS = 15_000;

export function createEstimator({ idleMs = ESTIMATOR_IDLE_MS } = {}) {
  let current: { worker: Worker; waiting: Map<number, Waiting> } | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let nextId = 0;

  function started() {
    if (current) return current;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { packages: PACKAGES, limits: PASSWORD_ESTIMATOR_LIMITS },
    });
    const waiting = new Map<number, Waiting>();
    const self = { worker, waiting };
    worker.on('message', ({ id, score }: { id: number; score: number }) => {
      waiting.get(id)?.resolve(score);
      waiting.delete(id);
      if (waiting.size > 0 || current !== self) return;
      // Idle: the next password starts a worker of its own, whatever this one is still doing.
      idleTimer = setTimeout(() => {
        current = undefined;
        void worker.terminate();
      }, idleMs).unref();
    });
    // A worker that dies fails what it had; the next password starts another.
    const ended = (err: Error) => {
      if (current === self) current = undefined;
      for (const { reject } of waiting.values()) reject(err);
      waiting.clear();
    };
    worker.on('error', ended);
    worker.on('exit', () => ended(new Error('the password estimator stopped')));
    current = self;
    return self;
  }

  return {
    /** Whether a password is in the common lists (or a variant of one) or otherwise quickly guessed. */
    async isTooGuessable(password: string, userInputs: readonly string[] = []): Promise<boolean> {
      clearTimeout(idleTimer);
      const id = nextId++;
      const { worker, waiting } = started();
      const score = new Promise<number>((resolve, reject) => waiting.set(id, { resolve, reject }));
      worker.postMessage({ id, password, userInputs: [...userInputs] });
      return (await score) < MIN_PASSWORD_SCORE;
    },
    /** Whether a worker (and its lists) is in memory now. */
    running: () => current !== undefined,
  };
}

interface Waiting {
  resolve: (score: number) => void;
  reject: (err: Error) => void;
}

export const { isTooGuessable } = createEstimator();
