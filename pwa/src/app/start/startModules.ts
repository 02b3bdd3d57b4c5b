/**
 * Marks the root of a page drawn on the server whose app starts only when a visitor needs it
 * (onDemand.ts); the prerender sets it, the entry reads it.
 */
export const ON_DEMAND_ATTRIBUTE = 'data-start-on-demand';

/** The id of the `<script type="application/json">` naming the files a server-drawn page starts with. */
export const START_MODULES_ID = 'start-modules';

/**
 * Names, all at once, the files the start-up will import one step at a time (its libraries and the
 * page's chunk with what it imports) as module preloads: the browser fetches and compiles them side
 * by side instead of one after another as each step asks for the next. Called after the first
 * paint: written in the HTML, these requests would share a slow network with the page's CSS and
 * fonts and push its paint back. One insertion, so the head changes once.
 */
export function preloadStartModules(doc: Document = document): void {
  const json = doc.getElementById(START_MODULES_ID)?.textContent;
  if (!json) return;
  try {
    const links = doc.createDocumentFragment();
    for (const file of JSON.parse(json) as string[]) {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.href = `/${file}`;
      links.append(link);
    }
    doc.head.append(links);
  } catch {
    // Unreadable: each step fetches its own.
  }
}
