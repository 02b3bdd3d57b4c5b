import createCache, { type EmotionCache } from '@emotion/cache';

/** The prefix of the app's style classes and of the data-emotion attribute of their style tags. */
export const STYLE_KEY = 'mui';

/** On the server's main style tag: the names of the styles it holds. */
const WRITTEN_STYLES = 'data-written-styles';

/**
 * The browser's style cache, told which styles the server already wrote into the page so that
 * hydrating draws on them instead of inserting them again. Emotion would learn that by adopting the
 * server's main tag, which moves it: a moved style tag is parsed again (13 ms on a phone's first
 * load, in the task before the page can hydrate). So the cache is given the tag where it stands:
 * the styles the browser adds go in a tag right after it, and the global styles (their small tags
 * adopted by emotion's Global) before it, in the order the server wrote them.
 */
export function browserStyleCache(): EmotionCache {
  const cache = createCache({ key: STYLE_KEY });
  const tag = document.querySelector<HTMLStyleElement>(`style[${WRITTEN_STYLES}]`);
  if (tag) {
    for (const name of tag.getAttribute(WRITTEN_STYLES)?.split(' ') ?? []) cache.inserted[name] = true;
    cache.sheet.tags.push(tag);
  }
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
