import { suggestionSetOf, SUGGESTION_KEYWORD_SETS } from '@coach/site-rules';
import { CRISIS_REPLY } from '@coach/kit';
import type { Job } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { companionReply, themeOf } from './companion.ts';
import { FOLLOW_UPS, THEMES } from './library.ts';
import { THEME_QUESTIONS, themeHitRate } from './questions.ts';
import { chatProcessor } from './reply.ts';

const allReplies = [...THEMES.flatMap((t) => t.replies), ...FOLLOW_UPS];
const theme = (name: string) => THEMES.find((t) => t.name === name)!;
/** The quotation that opens a reply, without its closing punctuation. */
const quoteOf = (reply: string) => /^You (?:said|asked), \u201c(.+?)[.?\u2026]\u201d /.exec(reply)?.[1];

/** The six popular questions of the Ask AI page, with what every reply of their theme speaks of. */
const POPULAR: Array<[theme: string, addresses: RegExp]> = [
  ['stuck', /stuck/i],
  ['rest', /tired|exhaust|energy|rest/i],
  ['peace', /peace/i],
  ['worth', /enough/i],
  ['purpose', /purpose|calling/i],
  ['change', /change/i],
];

describe('the offline companion', () => {
  it.each(THEME_QUESTIONS)('answers "%s" from the theme %s', (question, name) => {
    expect(themeOf(question)?.name).toBe(name);
    expect(theme(name).replies.some((reply) => companionReply(question).endsWith(reply))).toBe(true);
  });

  it('lands every question of the table on its theme', () => {
    expect(THEME_QUESTIONS.length).toBeGreaterThanOrEqual(60);
    expect(themeHitRate()).toBe(100);
  });

  it('covers every theme of the site with questions of the table', () => {
    const asked = new Set(THEME_QUESTIONS.map(([, name]) => name));
    for (const { name } of THEMES) expect(asked).toContain(name);
  });

  it.each(POPULAR)('answers the popular theme %s with replies that address it', (name, addresses) => {
    for (const reply of theme(name).replies) expect(reply).toMatch(addresses);
  });

  it('gives the same question the same answer, whatever its case and punctuation', () => {
    for (const [question] of THEME_QUESTIONS) {
      expect(companionReply(question)).toBe(companionReply(question));
    }
    const reply = (text: string) => companionReply(text).split('\u201d ')[1];
    expect(reply('how can i trust myself more')).toBe(reply('How can I trust myself more?'));
  });

  it('answers different questions of a theme from more than one angle', () => {
    const replies = THEME_QUESTIONS.filter(([, name]) => name === 'loneliness').map(
      ([q]) => companionReply(q).split('\u201d ')[1],
    );
    expect(new Set(replies).size).toBeGreaterThan(1);
  });

  it('reads a negated word as the word itself', () => {
    expect(themeOf("I don't feel good enough")?.name).toBe('worth');
    expect(themeOf('I never feel lonely, yet I am alone')?.name).toBe('loneliness');
    expect(themeOf("I can't sleep")?.name).toBe('rest');
  });

  it("opens with the person's own words, as said or asked", () => {
    expect(companionReply('I feel lonely lately')).toMatch(/^You said, \u201cI feel lonely lately\.\u201d Thank you/);
    expect(companionReply('How can I trust myself more?')).toMatch(
      /^You asked, \u201cHow can I trust myself more\?\u201d /,
    );
    for (const [question, name] of THEME_QUESTIONS) {
      if (theme(name).reflect === false) continue;
      const quote = quoteOf(companionReply(question));
      expect(quote, question).toBeDefined();
      expect(question).toContain(quote);
    }
  });

  it('quotes the clause that speaks of the theme, shortened to a few words', () => {
    const reply = companionReply(
      'Work is fine, I suppose. But honestly, since my divorce I feel lonely in a way I never expected and the evenings stretch on forever',
    );
    expect(quoteOf(reply)).toBe('since my divorce I feel lonely in a way I never expected and the');
    expect(reply).toMatch(/\u2026\u201d /);
  });

  it('asks one gentle follow-up question when no theme fits', () => {
    expect(themeOf('Tell me about the moon')).toBeUndefined();
    const reply = companionReply('Tell me about the moon');
    expect(reply).toMatch(/^You said, \u201cTell me about the moon\.\u201d /);
    expect(FOLLOW_UPS.some((followUp) => reply.endsWith(followUp))).toBe(true);
    for (const followUp of FOLLOW_UPS) {
      expect(followUp.match(/\?/g)).toHaveLength(1);
      expect(followUp).toMatch(/\?$/);
    }
    expect(FOLLOW_UPS).toContain(companionReply('???'));
  });

  it('lets the crisis check answer first, whatever theme the message also speaks of', async () => {
    const process = chatProcessor(undefined);
    for (const message of [
      'I feel so lonely I want to die',
      'Since my mother passed away I keep thinking about ending my life',
      "I'm exhausted and I don't want to wake up anymore",
      'Nobody would notice if I hurt myself',
    ]) {
      const job = { data: { message, deadline: Date.now() + 5000 } } as Job;
      expect(await process(job)).toEqual({ reply: CRISIS_REPLY });
    }
    const job = { data: { message: 'I feel lonely lately', deadline: Date.now() + 5000 } } as Job;
    expect(await process(job)).toEqual({ reply: companionReply('I feel lonely lately') });
  });

  it('says it is an AI when asked, without echoing the question', () => {
    for (const question of ['Are you a real person?', 'Who are you?', 'Am I talking to a bot?']) {
      expect(companionReply(question)).toMatch(/^I'm an AI\b/);
    }
    expect(theme('greeting').replies).toContain(companionReply('Hello there'));
  });

  it('has replies that lead to every suggestion set of the Ask AI page, and to the default set', () => {
    const sets = new Set(allReplies.map(suggestionSetOf));
    for (let i = 0; i < SUGGESTION_KEYWORD_SETS.length; i++) expect(sets).toContain(i);
    expect(sets).toContain(-1);
  });

  it('offers each popular theme replies leading to every suggestion set', () => {
    for (const [name] of POPULAR) {
      expect(new Set(theme(name).replies.map(suggestionSetOf))).toEqual(new Set([0, 1, 2, 3, 4]));
    }
  });

  it('writes replies of a readable length, each one distinct', () => {
    for (const reply of allReplies) {
      const words = reply.split(/\s+/).length;
      expect(words).toBeGreaterThanOrEqual(25);
      expect(words).toBeLessThanOrEqual(120);
    }
    expect(new Set(allReplies).size).toBe(allReplies.length);
  });
});
