import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import type { Plugin } from 'vite';

/** The module the strength meter takes its estimator's word lists, keyboard graphs and wording from. */
const PASSWORD_LISTS_MODULE = 'virtual:password-lists';

/**
 * How many entries of each list the browser gets, most common first: the lists are ranked, and a
 * kept entry keeps the rank the server gives it, so the meter is never stricter than the server.
 * The full lists are over 800 kB gzipped; these about 36 kB agree with them on the common passwords people
 * pick (passwordStrength.test.ts). Lists not named here are short and go whole.
 */
export const BROWSER_LIST_SIZES: Record<string, number> = {
  'passwords-common': 5000,
  'commonWords-en': 2000,
  'firstnames-en': 1000,
  'lastnames-en': 1000,
  'wikipedia-en': 1000,
  'diceware-common': 0,
};

/**
 * Makes, at build time, the strength estimator's data for the browser from the same packages the
 * server uses: each list cut to its most common entries (BROWSER_LIST_SIZES), the graphs and the
 * English wording whole.
 */
export function passwordLists(): Plugin {
  const resolved = `\0${PASSWORD_LISTS_MODULE}`;
  return {
    name: 'password-lists',
    resolveId: (id) => (id === PASSWORD_LISTS_MODULE ? resolved : undefined),
    load(id) {
      if (id !== resolved) return;
      // One line per entry, split in the browser: a little smaller than a JSON array, gzipped.
      const lists = Object.entries({ ...common.dictionary, ...en.dictionary })
        .map(([name, list]) => [name, list.slice(0, BROWSER_LIST_SIZES[name] ?? list.length)] as const)
        .filter(([, kept]) => kept.length > 0)
        .map(([name, kept]) => `  ${JSON.stringify(name)}: ${JSON.stringify(kept.join('\n'))}.split('\\n'),`);
      return [
        `export const dictionary = {\n${lists.join('\n')}\n};`,
        `export const graphs = ${JSON.stringify(common.adjacencyGraphs)};`,
        `export const translations = ${JSON.stringify(en.translations)};`,
      ].join('\n');
    },
  };
}
