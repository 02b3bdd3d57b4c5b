import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import type { Logger } from './logger.ts';

/** An error with the HTTP status and the message the caller may see. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: { path: string; message: string }[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Parses input with its contracts schema; a failure is a 400 listing every field issue. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({
    path: i.path.join('.'),
    message: i.code === 'unrecognized_keys' ? `Unknown field(s): ${i.keys.join(', ')}` : i.message,
  }));
  throw new HttpError(400, issues[0]?.message ?? 'Invalid request', issues);
}

/** What a caller hears while a dependency of the service (MongoDB, Redis) is unreachable. */
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';
/** How long a caller is asked to wait (Retry-After) before trying again during an outage. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/**
 * The longest a request waits on an unreachable MongoDB, Redis or queue before its answer is
 * 503: connection, server selection and each command give up after this long.
 */
export const DEPENDENCY_TIMEOUT_MS = 2000;

/** 503 with Retry-After: a passing outage, which a client may retry (the PWA's outbox does). */
export class UnavailableError extends HttpError {
  constructor(message = UNAVAILABLE_MESSAGE) {
    super(503, message, undefined, { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) });
  }
}

/**
 * Waits for work on a dependency whose client would wait without limit (BullMQ's connection):
 * after DEPENDENCY_TIMEOUT_MS it rejects with UnavailableError, `message` its text. The work
 * itself may still finish later.
 */
export async function withinDependencyTimeout<T>(work: Promise<T>, message?: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new UnavailableError(message)), DEPENDENCY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The MongoDB driver's and mongoose's errors for a server that cannot be reached in time (an
 * operation cut off when the driver's monitor gives the server up is a PoolClearedOnNetworkError).
 */
const MONGO_UNREACHABLE =
  /^(Mongo(ose)?(ServerSelection|Network|NetworkTimeout|NotConnected|PoolCleared|TopologyClosed|WaitQueueTimeout)|PoolClearedOnNetwork)Error$/;
/**
 * A replica set's member that is not (or no longer) the primary, or shutting down: an election
 * is under way (NotWritablePrimary, NotPrimaryNoSecondaryOk, NotPrimaryOrSecondary,
 * InterruptedDueToReplStateChange, PrimarySteppedDown, ShutdownInProgress, InterruptedAtShutdown).
 */
const MONGO_ELECTION_CODES = new Set([10107, 13435, 13436, 11602, 189, 91, 11600]);
/**
 * A bulk write (bulkWrite, insertMany) cut off by the driver's own error wraps it in a
 * MongoBulkWriteError without a code, copying its fields: a lost or refused connection's
 * `beforeHandshake`, a failed server selection's `reason`.
 */
const wrapsUnreachableMongo = (err: Error) =>
  err.name === 'MongoBulkWriteError' && ('beforeHandshake' in err || 'reason' in err);
/** ioredis's errors for a server that cannot be reached in time. */
const REDIS_UNREACHABLE = new Set(['Command timed out', 'Connection is closed.', 'Redis connection is not ready']);
/**
 * Redis's refusals that pass: still loading its data at start, a replica written to during a
 * failover, a replica whose master is down, a busy script.
 */
const REDIS_TRANSIENT = /^(LOADING|READONLY|MASTERDOWN|TRYAGAIN|BUSY) /;
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

/** Whether an error says a dependency is unreachable (an outage), rather than that a query is wrong. */
export function isOutageError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const { code } = err as NodeJS.ErrnoException;
  return (
    MONGO_UNREACHABLE.test(err.name) ||
    wrapsUnreachableMongo(err) ||
    (err.name.startsWith('Mongo') && MONGO_ELECTION_CODES.has(code as unknown as number)) ||
    err.name === 'MaxRetriesPerRequestError' ||
    REDIS_UNREACHABLE.has(err.message) ||
    (err.name === 'ReplyError' && REDIS_TRANSIENT.test(err.message)) ||
    (typeof code === 'string' && NETWORK_CODES.has(code))
  );
}

export const notFoundApi: RequestHandler = (req) => {
  throw new HttpError(404, `No such endpoint: ${req.method} ${req.path}`);
};

interface LibraryError {
  type?: string;
  status?: number;
  statusCode?: number;
}

/**
 * Errors of Express's own parts (body-parser, serve-static), which carry a client status:
 * mapped to clear messages. Anything else is ours and a 500.
 */
function fromLibrary(err: LibraryError): HttpError | undefined {
  switch (err.type) {
    case 'entity.parse.failed':
      return new HttpError(400, 'Malformed JSON body');
    case 'entity.too.large':
      return new HttpError(400, 'Request body is too large (limit 100 kB)');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpError(400, 'Unsupported body encoding');
  }
  const status = err.status ?? err.statusCode;
  if (typeof status !== 'number' || status < 400 || status > 499) return undefined;
  if (status === 404) return new HttpError(404, 'Not found');
  return new HttpError(
    status,
    status === 400 ? 'The request could not be read' : (STATUS_CODES[status] ?? 'Request refused'),
  );
}

/**
 * The one error middleware: HttpError -> its status; an unreachable MongoDB or Redis -> 503 with
 * Retry-After (its outage is logged once by the connection); anything else -> 500 without
 * internals.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const known =
      err instanceof HttpError ? err : (fromLibrary(err) ?? (isOutageError(err) ? new UnavailableError() : undefined));
    if (!known) {
      // The id pino-http gave the request (typed only where pino-http is loaded).
      logger.error({ err, reqId: (req as { id?: unknown }).id, path: req.path }, 'unhandled error');
    }
    const status = known?.status ?? 500;
    if (known?.headers) res.set(known.headers);
    res.status(status).json({
      message: known?.message ?? 'Something went wrong on our side. Please try again.',
      ...(known?.issues ? { issues: known.issues } : {}),
    });
  };
}
