import { MIN_PASSWORD_SCORE } from '@coach/contracts';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { describe, expect, it } from 'vitest';
import { isTooGuessable } from '../../../../services/members/src/passwords/estimator.ts';
import { BROWSER_LIST_SIZES } from '../../../scripts/passwordLists.ts';
import { estimateStrength } from './passwordStrength.ts';

const meterRefuses = (password: string, userInputs: string[] = []) =>
  estimateStrength(password, userInputs).score < MIN_PASSWORD_SCORE;
const MIN_LENGTH = 8;
const commonPasswords = common.dictionary['passwords-common'] as string[];

describe('the strength meter, with the lists cut for the browser, judges as the server does', () => {
  it.each(['password1', 'qwerty123', 'Password1!', '12345678', 'P@ssw0rd', 'iloveyou', 'sunshine1', 'michael1'])(
    'refuses %s, as the server does',
    async (password) => {
      expect(await isTooGuessable(password)).toBe(true);
      expect(meterRefuses(password)).toBe(true);
    },
  );

  it.each(['letmein123', 'Football2024', 'Jennifer1990', 'Blessed123'])(
    'refuses %s, a common word with digits, as the server does',
    async (password) => {
      expect(await isTooGuessable(password)).toBe(true);
      expect(meterRefuses(password)).toBe(true);
    },
  );

  it.each(['Seeker-2025!', 'Awaken-2025!', 'Lantern-Over-Water-7', 'correct horse battery staple'])(
    'accepts %s, as the server does',
    async (password) => {
      expect(await isTooGuessable(password)).toBe(false);
      expect(meterRefuses(password)).toBe(false);
    },
  );

  it("refuses a password made of the person's own username, as the server does", async () => {
    const inputs = ['Ottoline Brackwater', 'obrackwater', 'ottoline@example.com'];
    expect(await isTooGuessable('Obrackwater1', inputs)).toBe(true);
    expect(meterRefuses('Obrackwater1', inputs)).toBe(true);
  });

  it('refuses every common password the browser keeps, at its rank', () => {
    const kept = commonPasswords.slice(0, BROWSER_LIST_SIZES['passwords-common']).filter((p) => p.length >= MIN_LENGTH);
    expect(kept.filter((password) => !meterRefuses(password))).toEqual([]);
  });

  it('is never stricter than the server, and agrees with it on the common passwords people pick', async () => {
    // Every 20th entry long enough for the site, each weighted as often as people pick it: about
    // 1/rank, as the list is ranked by frequency. Past the browser's share of the list, only the
    // server refuses some of them, on submit.
    let agreed = 0;
    let total = 0;
    for (const [index, password] of commonPasswords.entries()) {
      if (index % 20 || password.length < MIN_LENGTH) continue;
      const server = await isTooGuessable(password);
      const meter = meterRefuses(password);
      if (meter) expect(server, password).toBe(true);
      total += 1 / (index + 1);
      if (meter === server) agreed += 1 / (index + 1);
    }
    expect(agreed / total).toBeGreaterThan(0.75); // 0.79 with the lists as cut
  });

  it('accepts, as the server does, phrases of a few common words', async () => {
    const words = (en.dictionary['commonWords-en'] as string[]).slice(0, 5000);
    const phrases = Array.from({ length: 150 }, (_, i) =>
      [
        words[(i * 7919) % words.length],
        words[(i * 104729 + 13) % words.length],
        words[(i * 1299709 + 29) % words.length],
      ].join('-'),
    );
    const server = await Promise.all(phrases.map((phrase) => isTooGuessable(phrase)));
    const disagreements = phrases.filter((phrase, i) => server[i] !== meterRefuses(phrase));
    expect(disagreements).toEqual([]);
  });
});
