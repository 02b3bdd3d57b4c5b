/** The strength estimator's data for the browser, made at build time (scripts/passwordLists.ts). */
declare module 'virtual:password-lists' {
  import type { OptionsDictionary, OptionsGraph, TranslationKeys } from '@zxcvbn-ts/core';

  export const dictionary: OptionsDictionary;
  export const graphs: OptionsGraph;
  export const translations: TranslationKeys;
}
