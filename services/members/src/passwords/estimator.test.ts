import { expect, it } from 'vitest';
import { createEstimator } from './estimator.ts';

it('judges passwords in a worker that holds the lists only while passwords come, then gives them back', async () => {
  const estimator = createEstimator({ idleMs: 300 });
  expect(estimator.running()).toBe(false);
  const verdicts = await Promise.all([
    estimator.isTooGuessable('password123'),
    estimator.isTooGuessable('sunshine1'),
    estimator.isTooGuessable('meeraiyer', ['meeraiyer']),
    estimator.isTooGuessable('copper-lantern-drifts-north'),
  ]);
  expect(verdicts).toEqual([true, true, true, false]);
  expect(estimator.running()).toBe(true);
  await expect.poll(() => estimator.running(), { timeout: 5000 }).toBe(false);
  // Started again for the next password.
  expect(await estimator.isTooGuessable('letmein')).toBe(true);
  expect(estimator.running()).toBe(true);
});
