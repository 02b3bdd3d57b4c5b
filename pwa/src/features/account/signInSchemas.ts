// The sign-in's schemas, in a module of their own: the sign-in page imports it when the form is
// first sent, so the page shows and answers taps without zod (about 85 kB of script a phone would
// run first).
export { loginInputSchema, twoStepChallengeSchema } from '@coach/contracts';
