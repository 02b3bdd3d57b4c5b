import { describe, expect, it } from 'vitest';
import { createGate } from './gate.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('gate', () => {
  it('never runs more than the limit at once, and runs everything in arrival order', async () => {
    const gate = createGate(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        gate.run(async () => {
          started.push(i);
          running++;
          peak = Math.max(peak, running);
          await tick();
          running--;
          return i * 2;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(results).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
  });

  it('frees the slot when the work fails, and takes a raised limit at once', async () => {
    const gate = createGate(1);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    let running = 0;
    let peak = 0;
    const work = () =>
      gate.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await tick();
        running--;
      });
    const all = Promise.all([work(), work(), work(), work()]);
    gate.setLimit(3);
    await all;
    expect(peak).toBe(3);
  });
});
