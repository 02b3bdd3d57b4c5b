import { stat } from 'node:fs/promises';
import path from 'node:path';
import { blogPostEntrySchema, blogPostSchema, type BlogPostEntry, type SiteIdentity } from '@coach/contracts';
import { PUBLIC_PAGE_PATHS } from '@coach/site-rules';
import type { Logger } from '@coach/kit';
import { Router, type Response } from 'express';
import { z } from 'zod';
import { XML_DECLARATION, xmlElement, xmlText } from './xml.ts';

/** Posts in the RSS feed: the newest. */
const FEED_ITEMS = 20;

export interface FeedSettings {
  identity: SiteIdentity;
  /** A content replica's address, in turn. */
  contentUrl: () => string;
  /** The built PWA: its shell's date is the public pages' last change. */
  distDir: string;
  /** How long a generated sitemap or feed is served before it is made again. */
  cacheSeconds: number;
  /** URLs per sitemap file; past it, /sitemap.xml is an index of /sitemap-N.xml files. */
  sitemapMaxUrls: number;
  logger: Logger;
}

/**
 * A value made at most once per `seconds`, one making at a time, however many ask; while a new
 * one fails, the last one stands in.
 */
function remade<T>(seconds: number, make: () => Promise<T>, onError: (err: unknown) => void): () => Promise<T> {
  let current: { value: T; madeAt: number } | undefined;
  let making: Promise<T> | undefined;
  return async () => {
    if (current && Date.now() - current.madeAt < seconds * 1000) return current.value;
    making ??= make()
      .then((value) => {
        current = { value, madeAt: Date.now() };
        return value;
      })
      .finally(() => (making = undefined));
    try {
      return await making;
    } catch (err) {
      if (!current) throw err;
      onError(err);
      return current.value;
    }
  };
}

async function contentJson<T>(contentUrl: () => string, apiPath: string, schema: z.ZodType<T>): Promise<T> {
  const res = await fetch(`${contentUrl()}${apiPath}`, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`content answered ${res.status} to ${apiPath}`);
  return schema.parse(await res.json());
}

interface SitemapUrl {
  loc: string;
  lastmod: string;
}

/** The sitemap: one file, or (past the limit) an index and its numbered files. */
interface Sitemap {
  /** /sitemap.xml */
  main: string;
  /** /sitemap-1.xml, /sitemap-2.xml, ... when /sitemap.xml is an index. */
  parts: string[];
}

const urlSet = (urls: readonly SitemapUrl[]) =>
  `${XML_DECLARATION}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map(({ loc, lastmod }) => `<url>${xmlElement('loc', loc)}${xmlElement('lastmod', lastmod)}</url>\n`)
    .join('')}</urlset>\n`;

const sitemapIndex = (files: readonly SitemapUrl[]) =>
  `${XML_DECLARATION}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
    .map(({ loc, lastmod }) => `<sitemap>${xmlElement('loc', loc)}${xmlElement('lastmod', lastmod)}</sitemap>\n`)
    .join('')}</sitemapindex>\n`;

/** The latest of ISO dates (they compare as text). */
const latest = (dates: readonly string[]) => dates.reduce((a, b) => (b > a ? b : a));

function buildSitemap(siteUrl: string, releasedAt: string, posts: readonly BlogPostEntry[], maxUrls: number): Sitemap {
  const newestPostChange = posts.length > 0 ? latest(posts.map((post) => post.updatedAt)) : releasedAt;
  const urls: SitemapUrl[] = [
    ...PUBLIC_PAGE_PATHS.map((pagePath) => ({
      loc: `${siteUrl}${pagePath}`,
      // The list changes with its posts; the other pages with a release.
      lastmod: pagePath === '/blog' ? latest([releasedAt, newestPostChange]) : releasedAt,
    })),
    ...posts.map((post) => ({ loc: `${siteUrl}/blog/${post.slug}`, lastmod: post.updatedAt })),
  ];
  if (urls.length <= maxUrls) return { main: urlSet(urls), parts: [] };
  // The posts come oldest first, so a new post joins the last file and the others stay as they were.
  const chunks: SitemapUrl[][] = [];
  for (let i = 0; i < urls.length; i += maxUrls) chunks.push(urls.slice(i, i + maxUrls));
  return {
    main: sitemapIndex(
      chunks.map((chunk, i) => ({ loc: `${siteUrl}/sitemap-${i + 1}.xml`, lastmod: latest(chunk.map((u) => u.lastmod)) })),
    ),
    parts: chunks.map(urlSet),
  };
}

const feedPostsSchema = z.array(
  blogPostSchema.pick({ slug: true, title: true, excerpt: true, category: true, publishedAt: true }),
);

function buildRss(identity: SiteIdentity, posts: z.infer<typeof feedPostsSchema>): string {
  const { siteUrl } = identity;
  const items = posts.slice(0, FEED_ITEMS).map((post) => {
    const link = `${siteUrl}/blog/${post.slug}`;
    return [
      '<item>',
      xmlElement('title', post.title),
      xmlElement('link', link),
      `<guid isPermaLink="true">${xmlText(link)}</guid>`,
      xmlElement('pubDate', new Date(post.publishedAt).toUTCString()),
      xmlElement('description', post.excerpt),
      post.category ? xmlElement('category', post.category) : '',
      '</item>\n',
    ].join('');
  });
  const lastBuild = posts[0] ? new Date(posts[0].publishedAt) : new Date();
  return `${XML_DECLARATION}<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">\n<channel>\n${[
    xmlElement('title', identity.brand),
    xmlElement('link', `${siteUrl}/blog`),
    xmlElement('description', `Spiritual insights from ${identity.name}, ${identity.tagline}`),
    xmlElement('language', 'en'),
    xmlElement('lastBuildDate', lastBuild.toUTCString()),
    `<atom:link href="${xmlText(`${siteUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
  ].join('\n')}\n${items.join('')}</channel>\n</rss>\n`;
}

/**
 * /robots.txt, /sitemap.xml (with /sitemap-N.xml past the per-file limit) and /rss.xml. Each is
 * made at most once per `cacheSeconds` from content (the sitemap from every public post's slug and
 * date alone, the feed from the newest page of posts), so their cost stays flat however often
 * bots read them and however many posts there are.
 */
export function seoFeedRoutes(settings: FeedSettings): Router {
  const { identity, contentUrl, distDir, cacheSeconds, sitemapMaxUrls, logger } = settings;
  const { siteUrl } = identity;
  const warn = (what: string) => (err: unknown) => logger.warn({ err }, `${what} not made again; serving the last one`);

  const sitemap = remade(
    cacheSeconds,
    async () => {
      const [posts, shell] = await Promise.all([
        contentJson(contentUrl, '/internal/blog/entries', z.array(blogPostEntrySchema)),
        stat(path.join(distDir, 'index.html')),
      ]);
      return buildSitemap(siteUrl, shell.mtime.toISOString(), posts, sitemapMaxUrls);
    },
    warn('sitemap'),
  );
  const rss = remade(
    cacheSeconds,
    async () => buildRss(identity, await contentJson(contentUrl, '/api/blog/posts', feedPostsSchema)),
    warn('RSS feed'),
  );

  const send = (res: Response, type: string, body: string) =>
    res.setHeader('Cache-Control', `public, max-age=${cacheSeconds}`).type(type).send(body);

  const router = Router();
  router.get('/robots.txt', (_req, res) =>
    send(res, 'text/plain; charset=utf-8', `User-agent: *\nDisallow: /api/\n\nSitemap: ${siteUrl}/sitemap.xml\n`),
  );
  router.get('/sitemap.xml', async (_req, res) => send(res, 'application/xml; charset=utf-8', (await sitemap()).main));
  router.get(/^\/sitemap-([1-9]\d{0,5})\.xml$/, async (req, res, next) => {
    const part = (await sitemap()).parts[Number(req.params[0]) - 1];
    if (part === undefined) return next();
    send(res, 'application/xml; charset=utf-8', part);
  });
  router.get('/rss.xml', async (_req, res) => send(res, 'application/rss+xml; charset=utf-8', await rss()));
  return router;
}
