import compression from 'compression';
import type { Request, Response } from 'express';

/**
 * Types already compressed in their own format: audio, video, raster images, PDF, archives and
 * web fonts. Gzip would gain nothing on them and hold a compressor's buffers per download.
 */
const SELF_COMPRESSED =
  /^\s*(?:audio\/|video\/|image\/(?!svg\+xml)|application\/(?:pdf|zip|gzip|x-7z-compressed|octet-stream)|font\/woff2?)/i;

/**
 * Whether the gateway gzips an answer: never a program's file or any other self-compressed type,
 * never a byte range (206: its Content-Range counts the file's own bytes), otherwise what the
 * compression package judges compressible (JSON, HTML, scripts, SVG...).
 */
export function shouldCompress(req: Request, res: Response): boolean {
  if (res.statusCode === 206 || res.hasHeader('Content-Range')) return false;
  if (SELF_COMPRESSED.test(String(res.getHeader('Content-Type') ?? ''))) return false;
  return compression.filter(req, res);
}
