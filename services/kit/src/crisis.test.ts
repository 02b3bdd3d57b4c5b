import { describe, expect, it } from 'vitest';
import { CRISIS_REPLY, crisisReplyFor } from './crisis.ts';

describe('the chat safety check', () => {
  it.each([
    'I have been thinking about suicide',
    'I feel suicidal tonight',
    'I want to kill myself',
    'I just want to end my life',
    'Sometimes I think about taking my own life',
    "I don't want to live anymore",
    'I don’t want to be alive',
    'Honestly everyone would be better off dead without me... I wish I was dead',
    'I have been self-harming again',
    'I keep cutting myself',
    'What if I overdose on my pills',
    'There is no reason to live',
    'I want to die',
  ])('answers "%s" with the emergency referral', (message) => {
    expect(crisisReplyFor(message)).toBe(CRISIS_REPLY);
  });

  it('refers to the emergency number of the disclaimer and to the crisis line, and says it is an AI', () => {
    expect(CRISIS_REPLY).toContain('call 911');
    expect(CRISIS_REPLY).toContain('988 Suicide & Crisis Lifeline');
    expect(CRISIS_REPLY).toContain("I'm an AI companion");
  });

  it.each([
    'I feel stuck in my life',
    'How do I let the old version of me die and be reborn?',
    'My grandmother died last year and I miss her',
    'I am killing it at work but feel empty',
    'How do I find my purpose?',
  ])('lets "%s" through to the companion', (message) => {
    expect(crisisReplyFor(message)).toBeUndefined();
  });
});
