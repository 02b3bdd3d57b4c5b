import { MIN_PASSWORD_SCORE, PASSWORD_ESTIMATOR_LIMITS } from '@coach/contracts';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

/** The strength estimator with the common-password, English word and name lists, whole. */
const estimator = new ZxcvbnFactory({
  ...PASSWORD_ESTIMATOR_LIMITS,
  dictionary: { ...common.dictionary, ...en.dictionary },
  graphs: common.adjacencyGraphs,
});

/** Whether a password is in the common lists (or a variant of one) or otherwise quickly guessed. */
export function isTooGuessable(password: string, userInputs: readonly string[] = []): boolean {
  return estimator.check(password, [...userInputs]).score < MIN_PASSWORD_SCORE;
}
