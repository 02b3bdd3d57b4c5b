import { suggestionSetOf, SUGGESTION_KEYWORD_SETS } from '@coach/contracts';
import { describe, expect, it } from 'vitest';
import { companionReply, themeOf } from './companion.ts';
import { GENERAL_REPLIES, THEMES } from './library.ts';

const allReplies = [...THEMES.flatMap((t) => t.replies), ...GENERAL_REPLIES];
const theme = (name: string) => THEMES.find((t) => t.name === name)!;

/** The six popular questions of the Ask AI page (spec public-site §9), with what a fitting reply speaks of. */
const POPULAR: Array<[question: string, theme: string, addresses: RegExp]> = [
  ['I feel stuck in my life. How do I move forward?', 'stuck', /stuck/i],
  ['Why am I tired all the time, even when I sleep?', 'tired', /tired|exhaust|energy|rest/i],
  ['How can I find inner peace?', 'peace', /peace/i],
  ["I don't feel good enough. How do I change that?", 'worth', /enough/i],
  ['How do I find my purpose?', 'purpose', /purpose|calling/i],
  ["I'm afraid of change. What can I do?", 'change', /change/i],
];

describe('the offline companion', () => {
  it.each(POPULAR)('answers "%s" from its theme, with a reply that addresses it', (question, name, addresses) => {
    expect(themeOf(question)?.name).toBe(name);
    for (let i = 0; i < theme(name).replies.length; i++) {
      const reply = companionReply(question, () => i / theme(name).replies.length);
      expect(theme(name).replies).toContain(reply);
      expect(reply).toMatch(addresses);
    }
  });

  it('varies its answer to the same question', () => {
    const replies = new Set(Array.from({ length: 50 }, () => companionReply('How can I find inner peace?')));
    expect(replies.size).toBeGreaterThan(2);
  });

  it('has replies that lead to every suggestion set of the Ask AI page, and to the default set', () => {
    const sets = new Set(allReplies.map(suggestionSetOf));
    for (let i = 0; i < SUGGESTION_KEYWORD_SETS.length; i++) expect(sets).toContain(i);
    expect(sets).toContain(-1);
  });

  it('offers each popular theme replies leading to every suggestion set', () => {
    for (const [, name] of POPULAR) {
      expect(new Set(theme(name).replies.map(suggestionSetOf))).toEqual(new Set([0, 1, 2, 3, 4]));
    }
  });

  it('lets the strongest theme win and falls back to general replies', () => {
    expect(themeOf('I am so anxious and worried about everything')?.name).toBe('anxiety');
    expect(themeOf("I'm scared of the unknown and this big change")?.name).toBe('change');
    expect(themeOf('Hello there')?.name).toBe('greeting');
    expect(themeOf('Hello, I feel stuck')?.name).toBe('stuck');
    expect(themeOf('Tell me about the moon')).toBeUndefined();
    expect(GENERAL_REPLIES).toContain(companionReply('Tell me about the moon'));
  });

  it('says it is an AI when asked', () => {
    for (const question of ['Are you a real person?', 'Who are you?', 'Am I talking to a bot?']) {
      expect(companionReply(question)).toMatch(/\bI'm an AI\b/);
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
