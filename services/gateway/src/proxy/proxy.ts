import http from 'node:http';
import { OUTAGE_RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE, type Logger } from '@coach/kit';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Replicas } from './replicas.ts';
import type { Upstream } from './route-table.ts';

const TIMED_OUT = Symbol('upstream timed out');
/** How long a replica has to accept a connection before the request fails over. */
export const CONNECT_TIMEOUT_MS = 1000;
export const TIMED_OUT_MESSAGE = 'The service took too long to answer. Please try again.';
const REPLICA = Symbol('the replica a request went to');
type Marked = Record<symbol, unknown>;

/** A JSON answer with `message`, unless the answer has begun: then the connection is cut. */
export function sendJson(
  res: http.ServerResponse,
  status: number,
  message: string,
  headers: http.OutgoingHttpHeaders = {},
) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify({ message }));
}

/**
 * A reverse proxy to one service over pooled keep-alive connections (a fresh connection per
 * request collapses under load), each request to the next of its replicas. A dead service gives
 * 503 JSON with Retry-After, as a service whose database is away does (a passing outage: the PWA
 * keeps its writes for later, a proxy may retry), a slow one 504 JSON after `timeoutMs`: the
 * caller never hangs. The replica that failed is skipped by the next requests, and the requests
 * still waiting for a replica that is lost (its host gone: no answer, no refusal) end at once
 * with that 503, so a client retries on another replica within seconds.
 */
export function proxyTo(upstream: Upstream, replicas: Replicas, timeoutMs: number, logger: Logger): RequestHandler {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, keepAliveMsecs: 10_000 });
  const waiting = new Map<string, Set<http.ClientRequest>>();
  replicas.onLost((replica) => {
    for (const proxyReq of waiting.get(replica) ?? [])
      proxyReq.destroy(Object.assign(new Error(`${upstream} at ${replica} was lost`), { code: 'EHOSTDOWN' }));
  });
  return createProxyMiddleware<Request, Response>({
    target: replicas.targets[0],
    router: (req) => ((req as unknown as Marked)[REPLICA] = replicas.next()),
    agent,
    // The client address headers are the gateway's own (clientAddress), passed on as they are.
    xfwd: false,
    changeOrigin: false,
    on: {
      proxyReq: (proxyReq, req) => {
        proxyReq.setHeader('x-request-id', String(req.id));
        const replica = (req as unknown as Marked)[REPLICA] as string;
        const forReplica = waiting.get(replica) ?? waiting.set(replica, new Set()).get(replica)!;
        forReplica.add(proxyReq);
        const answered = () => forReplica.delete(proxyReq);
        proxyReq.once('response', answered);
        proxyReq.once('close', answered);
        // A replica on a lost host never answers a connection: the request fails over after a
        // second (503, Retry-After) instead of waiting out the whole timeout.
        proxyReq.once('socket', (socket) => {
          if (!socket.connecting) return;
          const timer = setTimeout(
            () => proxyReq.destroy(Object.assign(new Error(`${upstream} did not accept a connection`), { code: 'ETIMEDOUT' })),
            CONNECT_TIMEOUT_MS,
          );
          socket.once('connect', () => clearTimeout(timer));
          socket.once('close', () => clearTimeout(timer));
        });
        proxyReq.setTimeout(timeoutMs, () => {
          (req as unknown as Marked)[TIMED_OUT] = true;
          proxyReq.destroy(new Error(`${upstream} did not answer within ${timeoutMs} ms`));
        });
      },
      error: (err, req, res) => {
        const timedOut = (req as unknown as Marked)[TIMED_OUT] === true;
        const replica = (req as unknown as Marked)[REPLICA] as string;
        replicas.failed(replica, (err as NodeJS.ErrnoException).code);
        logger.warn({ upstream, replica, reqId: (req as Request).id, code: (err as NodeJS.ErrnoException).code, timedOut }, 'upstream failed');
        if (!(res instanceof http.ServerResponse)) return;
        if (timedOut) sendJson(res, 504, TIMED_OUT_MESSAGE);
        else sendJson(res, 503, UNAVAILABLE_MESSAGE, { 'retry-after': String(OUTAGE_RETRY_AFTER_SECONDS) });
      },
    },
  });
}
