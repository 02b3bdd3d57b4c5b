export * from './appRoutes.ts';
export * from './askAiSuggestions.ts';
export * from './nativeForms.ts';
export * from './nextPageLink.ts';
export * from './renderBundle.ts';
export * from './siteIdentity.ts';
export * from './spiritualLevels.ts';
export * from './programPrices.ts';
