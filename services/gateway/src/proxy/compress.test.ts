import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { shouldCompress } from './compress.ts';

/** An answer about to be sent, with its status and headers. */
function answer(status: number, headers: Record<string, string>) {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const res = {
    statusCode: status,
    getHeader: (name: string) => lower[name.toLowerCase()],
    hasHeader: (name: string) => name.toLowerCase() in lower,
  } as unknown as Response;
  return shouldCompress({ headers: { 'accept-encoding': 'gzip' } } as Request, res);
}

describe("the gateway's compression", () => {
  it('gzips text: JSON, HTML, scripts and SVG', () => {
    for (const type of ['application/json; charset=utf-8', 'text/html', 'text/javascript', 'image/svg+xml'])
      expect(answer(200, { 'Content-Type': type }), type).toBe(true);
  });

  it("never gzips a program's files or other self-compressed types, whatever their headers say", () => {
    for (const type of [
      'audio/mpeg',
      'audio/mp4',
      'audio/aac',
      'audio/ogg',
      'application/pdf',
      'image/jpeg',
      'image/png',
      'image/webp',
      'video/mp4',
      'font/woff2',
      'application/zip',
    ])
      expect(answer(200, { 'Content-Type': type }), type).toBe(false);
  });

  it('never gzips a byte range', () => {
    expect(answer(206, { 'Content-Type': 'application/json', 'Content-Range': 'bytes 0-99/1000' })).toBe(false);
    expect(answer(200, { 'Content-Type': 'text/plain', 'Content-Range': 'bytes 0-99/1000' })).toBe(false);
  });
});
