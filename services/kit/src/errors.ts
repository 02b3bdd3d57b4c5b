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
  return new HttpError(status, status === 400 ? 'The request could not be read' : (STATUS_CODES[status] ?? 'Request refused'));
}

/** The one error middleware: HttpError -> its status; anything else -> 500 without internals. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const known = err instanceof HttpError ? err : fromLibrary(err);
    if (!known) {
      logger.error({ err, reqId: req.id, path: req.path }, 'unhandled error');
    }
    const status = known?.status ?? 500;
    if (known?.headers) res.set(known.headers);
    res.status(status).json({
      message: known?.message ?? 'Something went wrong on our side. Please try again.',
      ...(known?.issues ? { issues: known.issues } : {}),
    });
  };
}
