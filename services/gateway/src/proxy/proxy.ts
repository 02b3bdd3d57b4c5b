import http from 'node:http';
import type { Logger } from '@coach/kit';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Upstream } from './route-table.ts';

const TIMED_OUT = Symbol('upstream timed out');

function sendJson(res: http.ServerResponse, status: number, message: string) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ message }));
}

/**
 * A reverse proxy to one service over pooled keep-alive connections (a fresh connection per
 * request collapses under load). A dead service gives 502 JSON, a slow one 504 JSON after
 * `timeoutMs`: the caller never hangs.
 */
export function proxyTo(upstream: Upstream, target: string, timeoutMs: number, logger: Logger): RequestHandler {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, keepAliveMsecs: 10_000 });
  return createProxyMiddleware<Request, Response>({
    target,
    agent,
    // The client address headers are the gateway's own (clientAddress), passed on as they are.
    xfwd: false,
    changeOrigin: false,
    on: {
      proxyReq: (proxyReq, req) => {
        proxyReq.setHeader('x-request-id', String(req.id));
        proxyReq.setTimeout(timeoutMs, () => {
          (req as unknown as Record<symbol, boolean>)[TIMED_OUT] = true;
          proxyReq.destroy(new Error(`${upstream} did not answer within ${timeoutMs} ms`));
        });
      },
      error: (err, req, res) => {
        const timedOut = (req as unknown as Record<symbol, boolean>)[TIMED_OUT] === true;
        logger.warn({ upstream, reqId: (req as Request).id, code: (err as NodeJS.ErrnoException).code, timedOut }, 'upstream failed');
        if (!(res instanceof http.ServerResponse)) return;
        if (timedOut) sendJson(res, 504, 'The service took too long to answer. Please try again.');
        else sendJson(res, 502, 'The service is temporarily unavailable. Please try again in a moment.');
      },
    },
  });
}
