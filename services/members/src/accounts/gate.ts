/**
 * Runs async work at most `limit` at a time; the rest wait their turn, first come first served.
 * A finishing task hands its slot straight to the next waiter, so the limit is never exceeded.
 */
export function createGate(initialLimit: number) {
  let limit = initialLimit;
  let running = 0;
  const waiting: Array<() => void> = [];

  async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running < limit) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  }

  /** Changes the limit; extra slots are handed to waiters at once. */
  function setLimit(value: number) {
    limit = value;
    while (running < limit && waiting.length > 0) {
      running++;
      waiting.shift()!();
    }
  }
  return { run, setLimit };
}
