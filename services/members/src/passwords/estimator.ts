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

export function createEstimator({ idleMs = 60_000 } = {}) {
  let worker: Worker | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (score: number) => void; reject: (err: Error) => void }>();

  function stopWhenIdle() {
    clearTimeout(idleTimer);
    if (waiting.size === 0) idleTimer = setTimeout(() => void worker?.terminate(), idleMs).unref();
  }

  function started(): Worker {
    if (worker) return worker;
    const fresh = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { packages: PACKAGES, limits: PASSWORD_ESTIMATOR_LIMITS },
    });
    fresh.on('message', ({ id, score }: { id: number; score: number }) => {
      waiting.get(id)?.resolve(score);
      waiting.delete(id);
      stopWhenIdle();
    });
    // A worker that dies (or is ended while idle) fails what it had and is started again next time.
    const ended = (err: Error) => {
      if (worker === fresh) worker = undefined;
      for (const { reject } of waiting.values()) reject(err);
      waiting.clear();
    };
    fresh.on('error', ended);
    fresh.on('exit', () => ended(new Error('the password estimator stopped')));
    worker = fresh;
    return fresh;
  }

  return {
    /** Whether a password is in the common lists (or a variant of one) or otherwise quickly guessed. */
    async isTooGuessable(password: string, userInputs: readonly string[] = []): Promise<boolean> {
      clearTimeout(idleTimer);
      const id = nextId++;
      const score = new Promise<number>((resolve, reject) => waiting.set(id, { resolve, reject }));
      started().postMessage({ id, password, userInputs: [...userInputs] });
      return (await score) < MIN_PASSWORD_SCORE;
    },
    /** Whether the worker (and its lists) is in memory now. */
    running: () => worker !== undefined,
  };
}

export const { isTooGuessable } = createEstimator();
