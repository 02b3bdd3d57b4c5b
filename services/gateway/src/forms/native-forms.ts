import { createHash } from 'node:crypto';
import {
  isAppPage,
  MEMBER_PAGE_READS,
  NATIVE_FORMS,
  SECRET_FIELDS,
  type FormOutcome,
  type NativeForm,
  type NativeFormAction,
} from '@coach/site-rules';
import { hostCookieName, type Logger } from '@coach/kit';
import express, { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { clientOf } from '../client/client-address.ts';
import { CROSS_SITE_REFUSED, ownOrigin } from '../csrf/cross-site.ts';
import { MAX_BODY_BYTES, TOO_LARGE } from '../limits/body-limit.ts';
import { forwardedHeaders } from '../proxy/forwarded.ts';
import type { CurrentBuild } from '../static/currentBuild.ts';

/**
 * The cookie that carries a form's outcome across the redirect after it (a minute at most):
 * `__Host-form-outcome` with secure cookies, so no other host or path of the site can set it.
 */
const OUTCOME_COOKIE = 'form-outcome';
const OUTCOME_SECONDS = 60;
/** Past this, a browser drops the cookie: the outcome then goes without what was typed. */
const MAX_COOKIE_BYTES = 3800;
/** What a post that never reached its service is told (it may be sent again: nothing was done). */
const UNREACHED = { message: 'The site could not take your request just now. Please try again in a moment.' };

const FORMS: Readonly<Record<string, NativeForm>> = NATIVE_FORMS;
const isAction = (path: string): path is NativeFormAction => Object.hasOwn(FORMS, path);
/** The form a post is for: its address as the router matched it (any case, a trailing slash). */
const actionOf = (req: Request) => req.path.toLowerCase().replace(/(.)\/+$/, '$1') as NativeFormAction;
const isMemberPage = (path: string) => Object.hasOwn(MEMBER_PAGE_READS, path);

/** The page a form names as the one it was sent from, if it is a path of this site. */
const returnPath = (value: unknown): string | undefined =>
  typeof value === 'string' && /^\/(?![/\\])/.test(value) ? value : undefined;

interface Options {
  build: CurrentBuild;
  /** The base URL of the service that answers an API path. */
  apiUrl: (apiPath: string) => string;
  /** The writes budget the API's own posts are charged to. */
  limit: RequestHandler;
  cookieSecure: boolean;
  timeoutMs: number;
  logger: Logger;
}

/**
 * The forms a visitor meets first (NATIVE_FORMS), posted by the page's HTML before or without the
 * app: each is sent on to its API as the app sends it, under the same cross-site rule, writes
 * budget and body limit, with an Idempotency-Key made from what was sent (the same post replayed
 * creates nothing twice). What it comes to is drawn into the page:
 * - accepted, where the app would go: sign-in sets the session cookie and leads on (303); other
 *   forms come back to their page (303), which shows the outcome once, carried by a short cookie;
 * - refused (or a sign-in that asks for its two-step code), the page at once, with the API's
 *   status, its messages beside the fields and what was typed, never a password.
 * A GET of a page with an outcome waiting, or of the reset link (its token is in the form), is
 * drawn for that request alone and never cached.
 */
export function nativeFormRoutes({ build, apiUrl, limit, cookieSecure, timeoutMs, logger }: Options): Router {
  const router = Router();
  const cookieOptions = { httpOnly: true, sameSite: 'lax', secure: cookieSecure, path: '/' } as const;
  const outcomeCookie = hostCookieName(OUTCOME_COOKIE, cookieSecure);

  async function drawPage(res: Response, status: number, url: string, outcome?: FormOutcome) {
    const shell = await build.shell();
    const html = await (await build.bundleFor(shell)).renderFormPage(shell, url, outcome);
    res.status(status).setHeader('Cache-Control', 'private, no-store').type('html').send(html);
  }

  /** The outcome comes back to `page` after the redirect. */
  function redirectWith(res: Response, page: string, outcome: FormOutcome) {
    const carry = (carried: FormOutcome) =>
      Buffer.from(JSON.stringify({ page: page.split('?')[0], outcome: carried })).toString('base64url');
    let carried = carry(outcome);
    if (carried.length > MAX_COOKIE_BYTES) carried = carry({ ...outcome, values: {} });
    res.cookie(outcomeCookie, carried, { ...cookieOptions, maxAge: OUTCOME_SECONDS * 1000 });
    res.redirect(303, page);
  }

  async function send(req: Request, api: string, input: Record<string, string>) {
    const key = createHash('sha256')
      .update(JSON.stringify([actionOf(req), clientOf(req), input]))
      .digest('hex');
    try {
      const res = await fetch(`${apiUrl(api)}${api}`, {
        method: 'POST',
        headers: {
          ...forwardedHeaders(req),
          'content-type': 'application/json',
          accept: 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify(input),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text();
      let answer: unknown;
      try {
        answer = JSON.parse(text);
      } catch {
        answer = { message: text };
      }
      return { status: res.status, answer, cookies: res.headers.getSetCookie() };
    } catch (err) {
      logger.warn({ err, path: req.path }, 'a form posted without the app did not reach its service');
      return { status: 503, answer: UNREACHED, cookies: [] };
    }
  }

  /**
   * Refuses, before anything is read, a post the browser does not say comes from this site: its
   * Origin, or its Sec-Fetch-Site where the Origin is withheld ('null'). Without either, refused.
   */
  const sameOriginOnly: RequestHandler = (req, res, next) => {
    const origin = req.get('origin');
    const sameSite = req.get('sec-fetch-site') === 'same-origin' && (origin === undefined || origin === 'null');
    if (origin === ownOrigin(req) || sameSite) return next();
    void drawPage(res, 403, actionOf(req), {
      action: actionOf(req),
      status: 403,
      answer: { message: CROSS_SITE_REFUSED },
      values: {},
    }).catch(next);
  };

  const post: RequestHandler = async (req, res) => {
    const action = actionOf(req);
    const form = FORMS[action]!;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const text = (name: string) => (typeof body[name] === 'string' ? body[name] : '');
    const step = form.step && text(form.step.when) ? form.step : form;
    const input = Object.fromEntries(
      step.fields
        .filter((name) => text(name) !== '' || !form.optional?.includes(name))
        .map((name) => [name, text(name)]),
    );
    const typed = [...step.fields, ...(form.repeats ? [form.repeats.field] : [])];
    const values = Object.fromEntries(
      typed.filter((name) => !SECRET_FIELDS.includes(name)).map((name) => [name, text(name)]),
    );
    const page = form.sentFrom ? (returnPath(body[form.sentFrom.field]) ?? form.sentFrom.otherwise) : action;
    // The reset link's token stays in the page's address, where the page reads it.
    const pageUrl = input.token !== undefined ? `${page}?token=${encodeURIComponent(input.token)}` : page;

    const { repeats } = form;
    const answered =
      repeats && text(repeats.field) !== text(repeats.of)
        ? {
            status: 400,
            answer: { message: repeats.message, issues: [{ path: repeats.field, message: repeats.message }] },
            cookies: [],
          }
        : await send(req, step.api, input);
    const outcome: FormOutcome = { action, status: answered.status, answer: answered.answer, values };
    const asksForCode = (answered.answer as { twoStepRequired?: unknown } | null)?.twoStepRequired === true;
    if (answered.status >= 400 || asksForCode) {
      if (form.backToPage) return redirectWith(res, page, outcome);
      return drawPage(res, asksForCode ? 200 : answered.status, pageUrl, outcome);
    }
    for (const cookie of answered.cookies) res.append('Set-Cookie', cookie);
    if (!form.next) return redirectWith(res, page, { ...outcome, values: {} });
    // A sign-up leads to the sign-in form, which starts with its e-mail and says the account exists.
    if (form.nextShowsOutcome) return redirectWith(res, form.next, { ...outcome, answer: {} });
    res.redirect(303, form.next);
  };

  /** A body over the limit, or one that cannot be read, is refused as the API refuses it. */
  const unreadable: ErrorRequestHandler = (err: { type?: string }, req, res, next) => {
    const message = err.type === 'entity.too.large' ? TOO_LARGE : 'The form could not be read. Please try again.';
    const action = actionOf(req);
    void drawPage(res, 400, action, { action, status: 400, answer: { message }, values: {} }).catch(next);
  };

  const actions = Object.keys(FORMS);
  router.post(
    actions,
    sameOriginOnly,
    limit,
    express.urlencoded({ extended: false, limit: MAX_BODY_BYTES, parameterLimit: 20 }),
    post,
    unreadable,
  );

  // A page with an outcome waiting for it, or the reset link: drawn for this request.
  router.get(/.*/, (req, res, next) => {
    if (!isAppPage(req.path)) return next();
    const carried: unknown = req.cookies?.[outcomeCookie];
    let waiting: { page: string; outcome: FormOutcome } | undefined;
    if (typeof carried === 'string') {
      res.clearCookie(outcomeCookie, cookieOptions);
      try {
        waiting = JSON.parse(Buffer.from(carried, 'base64url').toString()) as typeof waiting;
      } catch {
        waiting = undefined;
      }
      if (waiting?.page !== req.path || !isAction(waiting.outcome?.action)) waiting = undefined;
    }
    const resetLink = req.path === '/reset-password' && typeof req.query.token === 'string';
    // Pages drawn from more than their form take the outcome to their own renderer.
    if (waiting && (req.path.startsWith('/blog') || isMemberPage(req.path))) {
      res.locals.formOutcome = waiting.outcome;
      return next();
    }
    if (!waiting && !resetLink) return next();
    drawPage(res, 200, req.originalUrl, waiting?.outcome).catch(next);
  });
  return router;
}
