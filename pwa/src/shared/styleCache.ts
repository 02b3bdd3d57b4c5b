import createCache, { type EmotionCache } from '@emotion/cache';

/** The prefix of the app's style classes and of the data-emotion attribute of their style tags. */
export const STYLE_KEY = 'mui';

/** On the server's main style tag: the names of the styles it holds. */
const WRITTEN_STYLES = 'data-written-styles';

/**
 * The browser's style cache, told which styles the server already wrote into the page so that
 * hydrating draws on them instead of inserting them again. Emotion would learn that by adopting the
 * server's tag, which moves it: a moved style tag is parsed again (13 ms on a phone's first load,
 * in the task before the page can hydrate). So the cache is only told their names.
 */
export function browserStyleCache(): EmotionCache {
  const cache = createCache({ key: STYLE_KEY });
  const written = document.querySelector(`style[${WRITTEN_STYLES}]`)?.getAttribute(WRITTEN_STYLES);
  for (const name of written?.split(' ') ?? []) cache.inserted[name] = true;
  return cache;
}

/**
 * The server's style tags as the browser's cache expects them: the main one names its styles in
 * WRITTEN_STYLES, and every tag carries data-s, so emotion's own default cache, created when it
 * loads, leaves them where they stand too. The global tags keep data-emotion, by which each global
 * style finds its own.
 */
export const markWrittenStyles = (styleTags: string): string =>
  styleTags
    .replaceAll('<style data-emotion=', '<style data-s="" data-emotion=')
    .replace(`data-emotion="${STYLE_KEY} `, `${WRITTEN_STYLES}="`);
