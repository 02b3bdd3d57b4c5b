import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { coalescedConsume } from './coalesced-consume.ts';

/** A budget of `points` a minute whose store answers a little later, counting the calls it gets. */
function slowStore(points: number) {
  const memory = new RateLimiterMemory({ points, duration: 60 });
  const calls: number[] = [];
  const consume = memory.consume.bind(memory);
  memory.consume = async (key, pointsToConsume = 1) => {
    calls.push(pointsToConsume);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return consume(key, pointsToConsume);
  };
  return { memory, calls };
}

/** Each request's answer: its remaining points, or 'refused' with how long to wait. */
const outcome = (asked: Promise<RateLimiterRes>) =>
  asked.then(
    (res) => res.remainingPoints,
    (err: unknown) => (err instanceof RateLimiterRes ? `refused, ${err.msBeforeNext > 0 ? 'wait' : 'no wait'}` : err),
  );

describe('a budget taken by requests at once', () => {
  it('tells each request what it alone would learn, in the order they came, with one store call at a time', async () => {
    const { memory, calls } = slowStore(5);
    const budget = coalescedConsume(memory);
    const answers = await Promise.all(Array.from({ length: 8 }, () => outcome(budget.consume('client'))));
    expect(answers).toEqual([4, 3, 2, 1, 0, 'refused, wait', 'refused, wait', 'refused, wait']);
    // The first call on its own, the seven that came meanwhile together.
    expect(calls).toEqual([1, 7]);
    expect(await outcome(budget.consume('client'))).toBe('refused, wait');
  });

  it("keeps each client's budget its own", async () => {
    const { memory } = slowStore(2);
    const budget = coalescedConsume(memory);
    const answers = await Promise.all(['a', 'b', 'a', 'b', 'a'].map((key) => outcome(budget.consume(key))));
    expect(answers).toEqual([1, 1, 0, 0, 'refused, wait']);
  });

  it('passes a failure of the store to every request that waited for it', async () => {
    const { memory } = slowStore(5);
    memory.consume = () => Promise.reject(new Error('the store is away'));
    const budget = coalescedConsume(memory);
    const answers = await Promise.all([1, 2, 3].map(() => outcome(budget.consume('client'))));
    expect(answers.map(String)).toEqual(Array(3).fill('Error: the store is away'));
  });
});
