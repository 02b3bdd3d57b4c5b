import { utcWeek } from '../profile/growth.ts';

/** The Weekly Reflection prompts of the Sacred Circle, one per calendar week (UTC, from Monday), in turn. */
export const WEEKLY_PROMPTS = [
  'What is one belief about yourself that you are ready to release, and what would you like to believe instead?',
  'Recall a moment this week when you felt truly present. What made it possible?',
  'Which emotion visited you most often lately, and what might it be asking you to notice?',
  'Who has been a quiet teacher in your life, and what did they show you without words?',
  'Where in your life are you holding on tightly? What might open if you loosened your grip a little?',
  'Describe a small act of kindness you gave or received recently. How did it change your day?',
  'What does your body need from you right now that you have been postponing?',
  'If your heart could write you a short letter today, what would it say?',
  'Which challenge from your past turned out to be a doorway? What did it lead you to?',
  'What are three things you are grateful for that you usually take for granted?',
  'Where do you feel most at peace, and how could you bring a little of that place into your everyday life?',
  'What boundary would honour your energy this week, and what makes it hard to hold?',
  'When did you last do something simply because it brought you joy? What was it?',
  'What would you attempt if you trusted that you could not fail at being yourself?',
] as const;

const promptOfWeek = (week: number): string =>
  WEEKLY_PROMPTS[((week % WEEKLY_PROMPTS.length) + WEEKLY_PROMPTS.length) % WEEKLY_PROMPTS.length];

/** The prompt of the week that contains `at`. */
export const weeklyPrompt = (at: Date): string => promptOfWeek(utcWeek(at));

/**
 * Whether a post sent at `at` may carry `prompt` as its reflection: this week's prompt, or last
 * week's for a member who opened the page before the week turned. Any other text would be shown
 * under the Weekly Reflection badge as if the coach had asked it.
 */
export function isReflectionPrompt(prompt: string, at: Date): boolean {
  const week = utcWeek(at);
  return prompt === promptOfWeek(week) || prompt === promptOfWeek(week - 1);
}
