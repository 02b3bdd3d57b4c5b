import { promisify } from 'node:util';
import { brotliCompress as brotliCallback, constants, gzip as gzipCallback } from 'node:zlib';
import type { BlogListQuery } from '@coach/contracts';
import { nextPageLink } from '@coach/site-rules';
import { sendListPage } from '@coach/kit';
import type { Request, Response } from 'express';
import mongoose from 'mongoose';
import { createReadCache, weakEtagOf } from '../changes/read-cache.ts';
import { BlogPostModel, blogPostChanges } from './model.ts';
import * as blog from './service.ts';
import { toPublicPost } from './shape.ts';

const brotliCompress = promisify(brotliCallback);
const gzip = promisify(gzipCallback);

/** A page of the public list as it is sent: its JSON made once, and compressed once per encoding. */
export interface SentListPage {
  /** Weak: the same for every encoding of the page. */
  etag: string;
  link: string | undefined;
  json: Buffer;
  /** Absent for a page too small to be worth compressing. */
  br?: Buffer;
  gzip?: Buffer;
}

/** Smaller answers go uncompressed, as the gateway sends its own (its COMPRESS_FROM_BYTES). */
const COMPRESS_FROM_BYTES = 1024;
/** How often a page kept is checked against the posts' fingerprint (a write made around this service). */
const CHECK_EVERY_MS = 250;
/** The longest a page is kept, whatever happens. */
const MAX_AGE_MS = 60_000;
/** Pages kept: the first pages of the list and of each category, and the pages after them a reader reached. */
const MAX_PAGES = 200;
/** ...holding together at most this (a typical page is some 60 kB in its three forms, one of the longest posts 1.6 MB). */
const MAX_PAGES_BYTES = 16 * 1024 * 1024;
const PATH = '/api/blog/posts';

async function sentPage(query: BlogListQuery): Promise<SentListPage> {
  const page = await blog.listPublished(query);
  const json = Buffer.from(JSON.stringify(page.items.map(toPublicPost)));
  const etag = weakEtagOf(json);
  const link = nextPageLink(PATH, query, page.next);
  if (json.length < COMPRESS_FROM_BYTES) return { etag, link, json };
  // Made once per change of the posts, off the event loop: the smallest each encoding makes.
  const [br, gzipped] = await Promise.all([
    brotliCompress(json, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    }),
    gzip(json, { level: 9 }),
  ]);
  return { etag, link, json, br, gzip: gzipped };
}

/** When the next scheduled post becomes public (the list changes then, with no write), if one is scheduled. */
async function nextPublication(): Promise<number | undefined> {
  const next = await BlogPostModel.findOne(
    { isPublished: true, publishedAt: mongoose.trusted({ $gt: new Date() }) },
    { publishedAt: 1 },
  )
    .sort({ publishedAt: 1 })
    .lean<{ publishedAt: Date }>();
  return next?.publishedAt.getTime();
}

/**
 * What any write to the posts changes, through this service or around it (a script, another
 * process writing the collection): how many there are, the newest id and the latest change.
 * Three reads of an index's end.
 */
async function postsFingerprint(): Promise<string> {
  const [count, newest, changed] = await Promise.all([
    BlogPostModel.estimatedDocumentCount(),
    BlogPostModel.findOne({}, { _id: 1 }).sort({ _id: -1 }).lean<{ _id: unknown }>(),
    BlogPostModel.findOne({}, { updatedAt: 1 }).sort({ updatedAt: -1 }).lean<{ updatedAt?: Date }>(),
  ]);
  return `${count} ${String(newest?._id)} ${changed?.updatedAt?.getTime()}`;
}

/**
 * The public list's pages (GET /api/blog/posts, searches aside), each made once per change of the
 * posts and sent as made: its JSON and its brotli and gzip forms, chosen by Accept-Encoding, with
 * a weak ETag (304 to a reader who has it). A page is made again after any write to the posts
 * through any replica (create, edit, publish, delete, a generated post: blog/model.ts tells of
 * each), when a scheduled post's time comes, when the posts' fingerprint shows a write made around
 * the service (checked at most every quarter second while the page is read), and at the latest after
 * a minute.
 */
export function publicListPages() {
  const pages = createReadCache<SentListPage>({
    build: async (key) => {
      const query = JSON.parse(key) as BlogListQuery;
      const [page, expiresAt] = await Promise.all([sentPage(query), nextPublication()]);
      return { value: page, expiresAt };
    },
    changes: blogPostChanges,
    fingerprint: postsFingerprint,
    checkEveryMs: CHECK_EVERY_MS,
    maxAgeMs: MAX_AGE_MS,
    maxEntries: MAX_PAGES,
    maxBytes: MAX_PAGES_BYTES,
    sizeOf: (page) => page.json.length + (page.br?.length ?? 0) + (page.gzip?.length ?? 0),
  });

  /** Sends the page `query` names (a search is read afresh each time: there are too many to keep). */
  async function send(req: Request, res: Response, query: BlogListQuery): Promise<void> {
    if (query.q) return sendListPage(res, PATH, query, await blog.listPublished(query), toPublicPost);
    const page = await pages.get(JSON.stringify(query));
    res.set({ 'Content-Type': 'application/json; charset=utf-8', ETag: page.etag, Vary: 'Accept-Encoding' });
    if (page.link) res.set('Link', page.link);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    const encoding = !page.br
      ? undefined
      : req.acceptsEncodings('br')
        ? 'br'
        : req.acceptsEncodings('gzip')
          ? 'gzip'
          : undefined;
    if (encoding) res.set('Content-Encoding', encoding);
    res.end(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.json);
  }

  return { send };
}
