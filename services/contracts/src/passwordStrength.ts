// The strength rule, apart from the schemas: a page's strength meter loads it without zod.

/**
 * The strength estimator's score (0 to 4) a new password must reach: below it, the password is
 * in the common-password lists (or a variant of one: capitals, digits added, l33t) or otherwise
 * guessed in under a million tries. The sign-up, reset and change forms' meters use it too.
 */
export const MIN_PASSWORD_SCORE = 2;

/**
 * The strength estimator's limits, on the server and in the forms' meters alike: only the first
 * 64 characters are judged and l33t substitutions are capped, so no password makes it compute for
 * long (a longer password is not guessed from lists anyway).
 */
export const PASSWORD_ESTIMATOR_LIMITS = { maxLength: 64, l33tMaxSubstitutions: 10 } as const;
