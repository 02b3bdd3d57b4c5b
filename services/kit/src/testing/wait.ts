/** What `until` answers: the check's value once it is truthy. */
export type Truthy<T> = Exclude<T, null | undefined | false | 0 | ''>;

/**
 * Waits until `check` gives something truthy, looking every `everyMs`; answers that value. Fails
 * with "timed out" after `timeoutMs`.
 */
export async function until<T>(check: () => T | Promise<T>, timeoutMs = 10_000, everyMs = 50): Promise<Truthy<T>> {
  for (const started = Date.now(); Date.now() - started < timeoutMs;) {
    const value = await check();
    if (value) return value as Truthy<T>;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error('timed out');
}

/** Lets the system run on a moment, to see that nothing more happens. */
export const settle = (ms = 1500) => new Promise((resolve) => setTimeout(resolve, ms));
