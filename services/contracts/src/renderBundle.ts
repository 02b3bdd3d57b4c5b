import type { BlogPostPage, BlogPostSummary } from './blog.ts';

/**
 * What the PWA's render bundle (its server render, built into pwa/dist-ssr/prerender.js) gives
 * the gateway, which renders the blog's pages with content's answers and renders the prerendered
 * pages again for the coach it runs with. The bundle's exports are typed by it; the gateway
 * imports the bundle as it.
 */
export interface RenderBundle {
  /** The pages the build prerendered. */
  PRERENDERED_PATHS: readonly string[];
  renderPrerenderedPage(shell: string, urlPath: string): Promise<string>;
  /** A page of the list: its query string, and the API's posts and Link header for it. */
  renderBlogPage(shell: string, search: string, posts: BlogPostSummary[], link: string | null): Promise<string>;
  renderBlogPostPage(shell: string, slug: string, post: BlogPostPage): Promise<string>;
}

/** The folder of the built PWA (dist) that holds the pages its build prerendered. */
export const PRERENDERED_DIR = 'prerendered';

/**
 * Where, under the built PWA, the page of a path is written by the build and looked up by the
 * gateway: `prerendered/<path>.html`, '/' as `prerendered/index.html`.
 */
export const prerenderedPageFile = (urlPath: string): string =>
  `${PRERENDERED_DIR}${urlPath === '/' ? '/index' : urlPath}.html`;

/**
 * The address the build renders the not-found page at (no page of the app has it): the gateway
 * answers every path that is no page with that page and status 404.
 */
export const NOT_FOUND_PAGE_PATH = '/404';
