import { MEMBER_PAGE_READS, type FormOutcome, type MemberReadAnswer } from '@coach/site-rules';
import type { Logger } from '@coach/kit';
import type { Request, RequestHandler } from 'express';
import { forwardedHeaders } from '../proxy/forwarded.ts';
import type { CurrentBuild } from './currentBuild.ts';

/** How long the page waits for each read before the app is left to draw it. */
const READ_TIMEOUT_MS = 2000;


/** The services refused the session (signed out, expired or revoked): not a fault. */
class NotSignedIn extends Error {}

/**
 * GET of a members' page (MEMBER_PAGE_READS) by a visitor whose request carries a session cookie:
 * the page rendered signed in with the answers of the reads it is drawn from, read from the
 * services with the visitor's own cookie and address, so its content is in the HTML at once
 * instead of after its scripts, the session check and the reads. It names the member, so no cache
 * keeps it (private, no-store). Without a session cookie, when the services refuse the session,
 * or when a read or the render fails: next(), the page the build wrote, which the app draws.
 * `apiUrl` gives the base URL of the service that answers an API path. A member's page view is
 * charged to `limit` (the reads budget), as the reads it makes would be; a signed-out one is not.
 * Mounted with app.get on MEMBER_PAGE_READS' paths.
 */
export function renderedMemberPages(
  build: CurrentBuild,
  apiUrl: (apiPath: string) => string,
  sessionCookie: string,
  limit: RequestHandler,
  logger: Logger,
): RequestHandler[] {
  async function read(req: Request, apiPath: string): Promise<MemberReadAnswer> {
    const headers = { ...forwardedHeaders(req), accept: 'application/json' };
    const res = await fetch(`${apiUrl(apiPath)}${apiPath}`, { headers, signal: AbortSignal.timeout(READ_TIMEOUT_MS) });
    if (res.status === 401 || res.status === 403) throw new NotSignedIn();
    if (!res.ok) throw new Error(`${apiPath} answered ${res.status}`);
    return { body: await res.json(), link: res.headers.get('link') };
  }

  const render: RequestHandler = async (req, res, next) => {
    const reads = MEMBER_PAGE_READS[req.path];
    if (!reads) return next();
    let html: string;
    try {
      const answers = await Promise.all(reads.map(async (apiPath) => [apiPath, await read(req, apiPath)] as const));
      const shell = await build.shell();
      // The composer's outcome, when it was posted without the app (forms/native-forms.ts).
      const outcome = res.locals.formOutcome as FormOutcome | undefined;
      const bundle = await build.bundleFor(shell);
      html = await bundle.renderMemberPage(shell, req.path, Object.fromEntries(answers), outcome);
    } catch (err) {
      if (!(err instanceof NotSignedIn))
        logger.warn({ err, path: req.path }, 'members page not rendered; the app draws it');
      return next();
    }
    res.setHeader('Cache-Control', 'private, no-store').type('html').send(html);
  };
  // 'route': past this route's handlers, to the page the build wrote.
  // The cookies are read by kit's app (cookie-parser).
  return [(req, _res, next) => next(req.cookies?.[sessionCookie] ? undefined : 'route'), limit, render];
}
