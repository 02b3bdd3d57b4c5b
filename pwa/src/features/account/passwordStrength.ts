import { PASSWORD_ESTIMATOR_LIMITS } from '@coach/contracts';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

// Loaded only when a new-password field is typed into: the lists are large, and no other page needs them.
const estimator = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...en.dictionary },
  graphs: common.adjacencyGraphs,
  translations: en.translations,
  ...PASSWORD_ESTIMATOR_LIMITS,
});

/** The estimator's score (0 to 4) and its warning, as the server judges new passwords. */
export function estimateStrength(password: string, userInputs: readonly string[]) {
  const { score, feedback } = estimator.check(password, [...userInputs.filter(Boolean)]);
  return { score, warning: feedback.warning ?? undefined };
}
