import { GENERAL_REPLIES, THEMES, type Theme } from './library.ts';

/** The theme whose signals the message matches most often (earlier themes win ties), if any. */
export function themeOf(message: string): Theme | undefined {
  const text = message
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .trim();
  let best: Theme | undefined;
  let bestScore = 0;
  for (const theme of THEMES) {
    const score = theme.signals.filter((signal) => signal.test(text)).length;
    if (score > bestScore) {
      best = theme;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The built-in offline companion: a reply from the curated library, chosen by the message's
 * theme and varied by `random` (a number in [0, 1)) so a question asked again may be met from
 * another angle.
 */
export function companionReply(message: string, random: () => number = Math.random): string {
  const replies = themeOf(message)?.replies ?? GENERAL_REPLIES;
  return replies[Math.floor(random() * replies.length)];
}
