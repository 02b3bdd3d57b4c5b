import type { BlogPost, BlogPostPage } from '@coach/contracts';
import type { FormOutcome } from './nativeForms.ts';

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
  /**
   * A page with a form the gateway takes without scripts, drawn whole for one request: at `url`
   * (its path and query: the reset link's token), with what a post of its form came to.
   */
  renderFormPage(shell: string, url: string, outcome?: FormOutcome): Promise<string>;
  /**
   * A page of the list: its query string, and the API's posts and Link header for it. The page
   * carries the posts as cards, without their bodies.
   */
  renderBlogPage(
    shell: string,
    search: string,
    posts: BlogPost[],
    link: string | null,
    /** What its newsletter form, posted without the app, came to (the page is then drawn for one request). */
    outcome?: FormOutcome,
  ): Promise<string>;
  renderBlogPostPage(shell: string, slug: string, post: BlogPostPage): Promise<string>;
  /**
   * A members' page (a key of MEMBER_PAGE_READS) drawn signed in, from the answers to its reads,
   * by API path, as the services gave them to the member's own session.
   */
  renderMemberPage(
    shell: string,
    urlPath: string,
    answers: Readonly<Record<string, MemberReadAnswer>>,
    /** What its form (the Circle's composer), posted without the app, came to. */
    outcome?: FormOutcome,
  ): Promise<string>;
}

/** A service's answer to a read of a members' page: its body, and its Link header (a list's next page). */
export interface MemberReadAnswer {
  body: unknown;
  link: string | null;
}

/**
 * The members' pages the gateway renders for a signed-in visitor, and the API reads each is
 * drawn from (the first says who is signed in): the page arrives whole instead of after its
 * scripts, the session check and the reads.
 */
export const MEMBER_PAGE_READS: Readonly<Record<string, readonly string[]>> = {
  '/community': ['/api/auth/me', '/api/community/posts', '/api/community/stats', '/api/community/weekly-prompt'],
};

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
