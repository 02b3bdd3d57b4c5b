import { validateHeaderValue } from 'node:http';
import net from 'node:net';
import { OUTAGE_RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE, type Logger } from '@coach/kit';
import type { Request, RequestHandler, Response } from 'express';
import { CONNECT_TIMEOUT_MS, sendJson, TIMED_OUT_MESSAGE } from './proxy.ts';
import type { Replicas } from './replicas.ts';

/** Bytes read from the service at a time, into the one buffer a download reuses. */
export const RELAY_BUFFER_BYTES = 64 * 1024;
/** The longest answer head (status line and headers) taken from the service. */
const MAX_HEAD_BYTES = 16 * 1024;
/** Headers of one connection, never passed on (RFC 9110, 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Request headers of a body, which the relay never sends (a GET's body is not the service's to read). */
const BODY_HEADERS = new Set(['content-length', 'content-type', 'expect']);

interface AnswerHead {
  status: number;
  headers: Map<string, string[]>;
}

/** The status and headers of an HTTP/1.x answer's head (without its blank line), or undefined. */
export function parseAnswerHead(text: string): AnswerHead | undefined {
  const [statusLine = '', ...lines] = text.split('\r\n');
  const status = /^HTTP\/1\.[01] ([1-5]\d\d)(?: |$)/.exec(statusLine)?.[1];
  if (!status) return undefined;
  const headers = new Map<string, string[]>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    if (colon <= 0 || !/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(name)) return undefined;
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return { status: Number(status), headers };
}

/**
 * The request's head as sent to the service: its method, path and headers (the client address
 * headers are the gateway's own, set by clientAddress; none of a body: none is sent), our request
 * id, in HTTP/1.0 on a connection of its own, so the answer is never chunked and ends with its
 * Content-Length or the connection.
 */
function requestHead(req: Request): string {
  const lines = [`${req.method} ${req.originalUrl} HTTP/1.0`];
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || BODY_HEADERS.has(name) || name === 'x-request-id') continue;
    for (const one of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${one}`);
  }
  lines.push(`x-request-id: ${String(req.id)}`, 'connection: close');
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/**
 * A file download relayed from a service through one buffer per download, reused for every read:
 * the answer's bytes are read into it, written to the client, and the next read waits until the
 * client's socket has taken them. However many clients download at once and however slowly they
 * read, each holds 64 KB in the gateway, and the gateway makes no garbage per byte (a proxy's
 * fresh buffer per read, 20 downloads of 20 MB, piled up tens of MB between two collections).
 * The service is read only as fast as the client reads, so it too waits. Failures answer as the
 * proxy's do: 503 JSON with Retry-After when the service is away (the replica is skipped), 504
 * when it does not answer within `timeoutMs`; an answer cut off is cut off for the client too.
 * GET and HEAD only, and never compressed (the route is mounted before the gateway's compression).
 */
export function fileRelay(upstream: string, replicas: Replicas, timeoutMs: number, logger: Logger): RequestHandler {
  /** The connections still waiting for a replica's answer head, to end at once should it be lost. */
  const waiting = new Map<string, Set<net.Socket>>();
  replicas.onLost((replica) => {
    for (const socket of waiting.get(replica) ?? [])
      socket.destroy(Object.assign(new Error(`${upstream} at ${replica} was lost`), { code: 'EHOSTDOWN' }));
  });

  return (req: Request, res: Response) => {
    const replica = replicas.next();
    const target = new URL(replica);
    const buffer = Buffer.allocUnsafe(RELAY_BUFFER_BYTES);
    /** The answer's head while it arrives (copied: `buffer` is overwritten by each read); undefined once read. */
    let head: Buffer | undefined = Buffer.alloc(0);
    /** The body's length (Content-Length), or -1 when the service ends it by closing. */
    let expected = -1;
    let received = 0;
    /** A part of `buffer` is on its way to the client: an upstream silence then is the client's slowness. */
    let writing = false;
    /** The service closed the connection after a body without Content-Length: it ends once written. */
    let ended = false;
    let timedOut = false;
    let done = false;

    const socket = net.connect({
      host: target.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: Number(target.port || 80),
      onread: { buffer, callback: onRead },
    });
    const forReplica = waiting.get(replica) ?? waiting.set(replica, new Set()).get(replica)!;
    forReplica.add(socket);
    const answered = () => forReplica.delete(socket);
    // A replica on a lost host never answers a connection: fail over after a second, as the proxy does.
    const connectTimer = setTimeout(
      () => socket.destroy(Object.assign(new Error(`${upstream} did not accept a connection`), { code: 'ETIMEDOUT' })),
      CONNECT_TIMEOUT_MS,
    );
    socket.once('connect', () => clearTimeout(connectTimer));
    socket.setTimeout(timeoutMs, () => {
      if (writing) return; // the client is slow to read, not the service to answer
      timedOut = true;
      socket.destroy(new Error(`${upstream} did not answer within ${timeoutMs} ms`));
    });
    socket.write(requestHead(req));

    function finish() {
      done = true;
      res.end();
      socket.destroy();
    }

    /** Sends a part of the body, and reads on once the client's socket has taken it. */
    function send(bytes: Buffer): boolean {
      const part = expected < 0 ? bytes : bytes.subarray(0, Math.max(0, expected - received));
      received += part.length;
      if (part.length === 0) return true;
      writing = true;
      socket.pause();
      res.write(part, (err) => {
        writing = false;
        if (err || res.destroyed) socket.destroy();
        else if (ended || (expected >= 0 && received >= expected)) finish();
        else socket.resume();
      });
      return false;
    }

    function onRead(read: number, bytes: Buffer): boolean {
      if (done) return false;
      if (!head) return send(bytes.subarray(0, read));
      head = Buffer.concat([head, bytes.subarray(0, read)]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) {
        if (head.length > MAX_HEAD_BYTES) socket.destroy(new Error(`${upstream} sent an answer head too long`));
        return true;
      }
      const answer = parseAnswerHead(head.subarray(0, end).toString('latin1'));
      const rest = head.subarray(end + 4);
      head = undefined;
      answered();
      if (!answer) {
        socket.destroy(new Error(`${upstream} sent an answer that is not HTTP`));
        return false;
      }
      const passed = [...answer.headers].filter(([name]) => !HOP_BY_HOP.has(name));
      try {
        for (const [name, values] of passed) for (const value of values) validateHeaderValue(name, value);
      } catch (err) {
        // A header Node would refuse to send (checked first: this runs in the socket's read, and must not throw).
        socket.destroy(err as Error);
        return false;
      }
      for (const [name, values] of passed) res.setHeader(name, values.length === 1 ? values[0]! : values);
      res.writeHead(answer.status);
      const length = answer.headers.get('content-length')?.[0];
      const bodiless = req.method === 'HEAD' || answer.status === 204 || answer.status === 304;
      expected = bodiless ? 0 : length !== undefined && /^\d+$/.test(length) ? Number(length) : -1;
      if (expected === 0) {
        finish();
        return false;
      }
      return rest.length > 0 ? send(rest) : true;
    }

    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (done) return;
      done = true;
      if (res.headersSent) {
        res.destroy();
        return;
      }
      replicas.failed(replica, err.code);
      logger.warn({ upstream, replica, reqId: req.id, code: err.code, timedOut }, 'upstream failed');
      if (timedOut) sendJson(res, 504, TIMED_OUT_MESSAGE);
      else sendJson(res, 503, UNAVAILABLE_MESSAGE, { 'retry-after': String(OUTAGE_RETRY_AFTER_SECONDS) });
    });
    // The service closed the connection: the end of a body without Content-Length, or an answer cut off.
    socket.on('close', () => {
      clearTimeout(connectTimer);
      answered();
      if (done) return;
      if (res.headersSent && expected < 0) {
        if (writing) ended = true;
        else finish();
        return;
      }
      done = true;
      if (res.headersSent) res.destroy();
      else sendJson(res, 503, UNAVAILABLE_MESSAGE, { 'retry-after': String(OUTAGE_RETRY_AFTER_SECONDS) });
    });
    // The client left: nothing more is read for her.
    res.on('close', () => {
      if (!res.writableFinished) socket.destroy();
    });
  };
}
