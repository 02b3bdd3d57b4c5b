import { FOLLOW_UPS, THEMES, type Theme } from './library.ts';

interface Cue {
  pattern: RegExp;
  weight: number;
}

interface Reader {
  theme: Theme;
  cues: Cue[];
}

/** A cue as a pattern over a normalized text: whole words, a trailing * standing for any ending. */
function cuePattern(cue: string): RegExp {
  const words = cue.split(' ').map((word) => (word.endsWith('*') ? `${word.slice(0, -1)}[\\p{L}\\p{N}]*` : word));
  return new RegExp(` ${words.join(' ')} `, 'u');
}

const READERS: Reader[] = THEMES.map((theme) => ({
  theme,
  cues: Object.entries(theme.cues).map(([cue, weight]): Cue => ({ pattern: cuePattern(cue), weight })),
}));

/**
 * The text as cues read it: lower case, apostrophes dropped ("don't" is "dont"), every run of
 * other characters one space, and a space at each end so every word has a space on both sides.
 * Negations are words like any other: "I don't feel good enough" means worth as surely as "I
 * feel good enough", so no cue is cancelled by a "not".
 */
function normalize(text: string): string {
  const words = text
    .toLowerCase()
    .replace(/['\u2018\u2019]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return ` ${words} `;
}

/** The sum of the weights of the cues found in the normalized text, each cue counted once. */
function scoreOf(cues: Cue[], text: string): number {
  return cues.reduce((sum, cue) => (cue.pattern.test(text) ? sum + cue.weight : sum), 0);
}

/** The theme whose cues weigh most in the message (the earlier theme of the library on a tie), if any. */
function strongest(message: string): Reader | undefined {
  const text = normalize(message);
  let best: Reader | undefined;
  let bestScore = 0;
  for (const reader of READERS) {
    const score = scoreOf(reader.cues, text);
    if (score > bestScore) {
      best = reader;
      bestScore = score;
    }
  }
  return best;
}

/** The library's theme the message means, or undefined when no cue of any theme is in it. */
export function themeOf(message: string): Theme | undefined {
  return strongest(message)?.theme;
}

/** The longest echo of the visitor's words, in words and in characters. */
const ECHO_WORDS = 14;
const ECHO_CHARS = 100;

/**
 * A short quotation of the visitor's own words: the clause that speaks most of the theme (the
 * first clause when nothing does), shortened to its first few words, introduced as what they asked or
 * said; none when the message has no words.
 */
function echoOf(message: string, cues: Cue[] = []): string | undefined {
  if (normalize(message).trim() === '') return undefined;
  const sentences = message
    .match(/[^.!?\n]+[.!?]*/g)
    ?.map((s) => s.trim())
    .filter(Boolean) ?? [message.trim()];
  const clauses = sentences.flatMap((sentence) => {
    const asked = sentence.endsWith('?');
    return sentence.split(/[,;:]\s+/).map((clause) => ({ clause: clause.replace(/[\s,;:.!?]+$/, ''), asked }));
  });
  const best = clauses.reduce((a, b) =>
    scoreOf(cues, normalize(b.clause)) > scoreOf(cues, normalize(a.clause)) ? b : a,
  );
  const words = best.clause.replace(/["\u201c\u201d]/g, '').split(/\s+/);
  let quote = words.slice(0, ECHO_WORDS).join(' ');
  if (quote.length > ECHO_CHARS) quote = quote.slice(0, ECHO_CHARS).replace(/\s+\S*$/, '');
  const shortened = quote.length < words.join(' ').length;
  return best.asked
    ? `You asked, \u201c${quote}${shortened ? '\u2026' : '?'}\u201d`
    : `You said, \u201c${quote}${shortened ? '\u2026' : '.'}\u201d`;
}

/** A number from the words of the message (FNV-1a), so the same message always picks the same reply. */
function fingerprint(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/**
 * The built-in offline companion's reply: the visitor's own words echoed back, then a reply from
 * the theme the message means, or one gentle question when no theme fits. The same message (up
 * to case and punctuation) always gets the same reply.
 */
export function companionReply(message: string): string {
  const reader = strongest(message);
  const replies = reader?.theme.replies ?? FOLLOW_UPS;
  const reply = replies[fingerprint(normalize(message)) % replies.length];
  const echo = reader?.theme.reflect === false ? undefined : echoOf(message, reader?.cues);
  return echo ? `${echo} Thank you for sharing that with me. ${reply}` : reply;
}
