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
