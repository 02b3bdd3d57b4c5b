/**
 * The keyword sets that choose the quick-reply suggestions under an assistant message on the
 * Ask AI page, in the order they are tried; no match gives the default set. The companion's
 * replies (ai-worker) are written to lead to each.
 */
export const SUGGESTION_KEYWORD_SETS = [
  ['practice', 'breathe', 'meditation'],
  ['journal', 'reflect', 'write'],
  ['explore', 'deeper', 'underneath'],
  ['gentle', 'soothing', 'comfort'],
  ['heart', 'soul', 'calling'],
] as const;

/** Index in SUGGESTION_KEYWORD_SETS of the first set a reply's text contains, or -1 (default set). */
export function suggestionSetOf(text: string): number {
  const lower = text.toLowerCase();
  return SUGGESTION_KEYWORD_SETS.findIndex((set) => set.some((word) => lower.includes(word)));
}
