import { PASSWORD_ESTIMATOR_LIMITS } from '@coach/contracts';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { dictionary, graphs, translations } from 'virtual:password-lists';

// Loaded only when a new-password field is typed into. The server's estimator, with each list cut
// to its most common entries: the meter never judges a password weaker than the server does, and
// the server's refusal on submit covers the rare one it finds in the rest of its lists.
const estimator = new ZxcvbnFactory({ dictionary, graphs, translations, ...PASSWORD_ESTIMATOR_LIMITS });

/** The estimator's score (0 to 4) and its warning, as the server judges new passwords. */
export function estimateStrength(password: string, userInputs: readonly string[]) {
  const { score, feedback } = estimator.check(password, [...userInputs.filter(Boolean)]);
  return { score, warning: feedback.warning ?? undefined };
}
