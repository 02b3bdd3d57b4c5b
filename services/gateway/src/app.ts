import {
  addHealth,
  createApp,
  finishApp,
  noStore,
  type Logger,
  type Redis,
  sessionCookieName,
  siteIdentityFromEnv,
} from '@coach/kit';
import { RESOURCE_DOWNLOAD_PATH } from '@coach/contracts';
import { MEMBER_PAGE_READS } from '@coach/site-rules';
import compression from 'compression';
import helmet from 'helmet';
import type { Express } from 'express';
import type { RequestListener } from 'node:http';
import { clientAddress } from './client/client-address.ts';
import type { GatewayConfig } from './config.ts';
import { crossSiteGuard } from './csrf/cross-site.ts';
import { nativeFormRoutes } from './forms/native-forms.ts';
import { beaconIntake, headersSetBy } from './insights/beacons.ts';
import { bodyLimit } from './limits/body-limit.ts';
import { apiRateLimit } from './limits/rate-limit.ts';
import { shouldCompress } from './proxy/compress.ts';
import { fileRelay } from './proxy/file-relay.ts';
import { proxyTo } from './proxy/proxy.ts';
import { COMPRESS_FROM_BYTES, publicReadCache } from './proxy/public-cache.ts';
import { Replicas } from './proxy/replicas.ts';
import { upstreamFor, type Upstream } from './proxy/route-table.ts';
import { seoFeedRoutes } from './seo/feeds.ts';
import { renderedBlogPages } from './static/blogPages.ts';
import { currentBuild } from './static/currentBuild.ts';
import { renderedMemberPages } from './static/memberPages.ts';
import { pwaRoutes } from './static/pwa.ts';

/** Content Security Policy of the PWA: everything from this origin; MUI/emotion inject styles. */
const cspDirectives = (secure: boolean) => ({
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  objectSrc: ["'none'"],
  ...(secure ? { upgradeInsecureRequests: [] } : {}),
});

/**
 * The checkout page's policy: the site's, plus what Razorpay's Standard Checkout needs (its
 * script, the payment frame it opens, the calls and images of both). Only /checkout/ pages get
 * it, and the app loads them as whole documents.
 */
function checkoutPolicy(secure: boolean, checkoutUrl: string) {
  const script = new URL(checkoutUrl).origin;
  const razorpays =
    script === 'https://checkout.razorpay.com' ? ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'] : [];
  const base = cspDirectives(secure);
  return helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: {
      ...base,
      scriptSrc: [...base.scriptSrc, script],
      connectSrc: [...base.connectSrc, script, ...razorpays],
      frameSrc: [script, ...razorpays],
      imgSrc: [...base.imgSrc, script, ...(razorpays.length ? ['https://cdn.razorpay.com'] : [])],
    },
  });
}

function helmetOptions(secure: boolean) {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(secure) },
    // The site opens the booking page and messaging apps in new tabs; they need no opener.
    crossOriginEmbedderPolicy: false,
    // No address of the site reaches another site. Within the site, a form the page posts keeps
    // its Origin (under 'no-referrer' a browser sends 'Origin: null', which the gateway refuses).
    referrerPolicy: { policy: 'same-origin' as const },
    hsts: secure,
  };
}

/**
 * The one public port: the API routed by the route table, /images from content, and the PWA, in
 * `app`; `handler` answers Node's requests, the insights beacons before the app (beacons.ts);
 * `close` hands content the beacons still held.
 */
export function buildGatewayApp(
  config: GatewayConfig,
  logger: Logger,
  redis: Redis,
): { app: Express; handler: RequestListener; close: () => Promise<void> } {
  const app = createApp(logger, {
    json: false,
    trustProxy: config.TRUSTED_PROXIES,
    helmet: helmetOptions(config.COOKIE_SECURE),
  });
  const decideClient = clientAddress();
  app.use(decideClient);
  app.use('/checkout/', checkoutPolicy(config.COOKIE_SECURE, config.RAZORPAY_CHECKOUT_URL));
  addHealth(app, redis, { mongo: false });
  const replicas: Record<Upstream, Replicas> = {
    content: new Replicas(config.CONTENT_URL),
    members: new Replicas(config.MEMBERS_URL),
  };
  const proxies: Record<Upstream, ReturnType<typeof proxyTo>> = {
    content: proxyTo('content', replicas.content, config.UPSTREAM_TIMEOUT_MS, logger),
    members: proxyTo('members', replicas.members, config.UPSTREAM_TIMEOUT_MS, logger),
  };
  const contentUrl = () => replicas.content.next();
  const limit = apiRateLimit(redis, {
    reads: config.RATE_LIMIT_READS_PER_MINUTE,
    writes: config.RATE_LIMIT_WRITES_PER_MINUTE,
    webhooks: config.RATE_LIMIT_WEBHOOKS_PER_MINUTE,
  });
  // A program's file (GET and HEAD) comes from members through one reused buffer per download
  // (file-relay.ts), counted against the reads budget; mounted before the compression, which
  // never sees it.
  app.get(
    RESOURCE_DOWNLOAD_PATH,
    limit,
    noStore,
    fileRelay('members', replicas.members, config.UPSTREAM_TIMEOUT_MS, logger),
  );
  // gzip for browsers that ask for it: JSON answers and the app's files alike; never a program's
  // audio, PDF or image files (compress.ts).
  app.use(compression({ threshold: COMPRESS_FROM_BYTES, filter: shouldCompress }));
  const cache = publicReadCache(contentUrl, config.PUBLIC_CACHE_SECONDS);
  // The guards the way below runs on an API write, in its order, for the beacons taken before it.
  const beacons = beaconIntake({
    app,
    guards: [decideClient, crossSiteGuard, limit],
    securityHeaders: headersSetBy(helmet(helmetOptions(config.COOKIE_SECURE))),
    contentUrl,
    logger,
  });

  // Not mounted at /api: the guard, the cache and the proxy need the full path in req.path.
  // The guard comes first: a refused write must not even drop a cached read.
  app.use(crossSiteGuard);
  app.use(cache);
  app.use('/api', limit, bodyLimit);
  // The coach's figures count the beacons this gateway still holds.
  app.get('/api/admin/insights', (_req, _res, next) => void beacons.flush().then(() => next()));
  app.use((req, res, next) => {
    // Blog images live with the posts, in content. Not mounted at /images: the proxy needs the full path.
    if (req.path.startsWith('/images/')) return proxies.content(req, res, next);
    if (!req.path.startsWith('/api/')) return next();
    const upstream = upstreamFor(req.path);
    if (!upstream) return next(); // finishApp answers 404 JSON
    res.setHeader('Cache-Control', 'no-store');
    return proxies[upstream](req, res, next);
  });
  // A post's page, or a list page of its own address, may cost a content read each: they count
  // against the reads budget, as the API does.
  app.use('/blog/:slug', limit);
  app.get('/blog', (req, res, next) => (req.url.includes('?') ? limit(req, res, next) : next()));
  const identity = siteIdentityFromEnv(config);
  const build = currentBuild(config.PWA_DIST, identity, config.PUBLIC_CACHE_SECONDS, logger);
  const apiUrl = (apiPath: string) => replicas[upstreamFor(apiPath)!].next();
  app.use(
    nativeFormRoutes({
      build,
      apiUrl,
      limit,
      cookieSecure: config.COOKIE_SECURE,
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      logger,
    }),
  );
  app.use(
    seoFeedRoutes({
      identity,
      contentUrl,
      distDir: config.PWA_DIST,
      cacheSeconds: config.FEED_CACHE_SECONDS,
      sitemapMaxUrls: config.SITEMAP_MAX_URLS,
      logger,
    }),
  );
  app.use(renderedBlogPages(build, contentUrl, config.PUBLIC_CACHE_SECONDS, logger));
  app.get(
    Object.keys(MEMBER_PAGE_READS),
    renderedMemberPages(build, apiUrl, sessionCookieName(config.COOKIE_SECURE), limit, logger),
  );
  app.use(pwaRoutes(config.PWA_DIST, build, logger));
  finishApp(app, logger);
  return {
    app,
    handler: (req, res) => {
      if (!beacons.handle(req, res)) app(req, res);
    },
    close: beacons.flush,
  };
}
