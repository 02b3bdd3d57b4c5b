import { suggestionSetOf } from '@coach/site-rules';

/** Six fixed popular questions. */
export const POPULAR_QUESTIONS = [
  'Why do I feel stuck in life, and how do I move forward?',
  'Why am I tired all the time, even after rest?',
  'How can I find inner peace in a busy life?',
  "Why do I feel like I'm not good enough?",
  'How do I discover my life purpose?',
  'How do I overcome my fear of change?',
] as const;

/**
 * Quick replies under an assistant message, one set per keyword set of SUGGESTION_KEYWORD_SETS
 * (the companion's replies are written to lead to each; the first set whose keyword the text
 * holds is shown); no match gives the default set.
 */
const SUGGESTION_SETS: readonly (readonly string[])[] = [
  [
    'Guide me through a short breathing practice',
    'How do I start a daily meditation?',
    'What practice helps before sleep?',
  ],
  [
    'Give me a journaling prompt for today',
    'How do I reflect without judging myself?',
    'What should I write about when I feel lost?',
  ],
  [
    'Help me explore this more deeply',
    'What might be underneath this feeling?',
    'How do I find the root of this pattern?',
  ],
  ['I need some comfort right now', 'How can I be gentler with myself?', 'What soothes an anxious heart?'],
  ['How do I listen to my heart?', 'What is my soul calling me toward?', 'How can I trust my intuition more?'],
];

export const DEFAULT_SUGGESTIONS = [
  'Tell me more about this',
  'How can I apply this today?',
  'Can I talk to the coach personally?',
];

export function suggestionsFor(assistantText: string): readonly string[] {
  return SUGGESTION_SETS[suggestionSetOf(assistantText)] ?? DEFAULT_SUGGESTIONS;
}
