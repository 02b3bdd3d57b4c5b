import { MIN_PASSWORD_SCORE } from '@coach/contracts';

const LABELS = ['Too easy to guess', 'Too easy to guess', 'Fair', 'Good', 'Strong'] as const;
const COLORS = ['error', 'error', 'warning', 'success', 'success'] as const;

/** The estimator's judgement of a password (passwordStrength.ts). */
export interface Strength {
  score: number;
  warning?: string;
}

/**
 * What a strength meter shows for a judgement: how full its bar is, in which colour, and what it
 * says; a password below the site's minimum is told why, or how to do better.
 */
export function strengthReading({ score, warning }: Strength) {
  const acceptable = score >= MIN_PASSWORD_SCORE;
  const advice = acceptable ? '' : warning ? `. ${warning}` : '. Try a few unrelated words.';
  return {
    percent: (score + 1) * 20,
    color: COLORS[score] ?? 'error',
    acceptable,
    text: `Password strength: ${LABELS[score] ?? LABELS[0]}${advice}`,
  };
}

/**
 * Judges a password once typing pauses, loading the estimator and its lists (a chunk of their own)
 * the first time; the server applies the same rule on submit. Returns what cancels the judgement.
 */
export function judgeWhenTypingPauses(
  password: string,
  userInputs: readonly string[],
  judged: (strength: Strength) => void,
): () => void {
  let current = true;
  const timer = setTimeout(() => {
    void import('./passwordStrength.ts').then(({ estimateStrength }) => {
      if (current) judged(estimateStrength(password, userInputs));
    });
  }, 150);
  return () => {
    current = false;
    clearTimeout(timer);
  };
}
