import { HttpError } from '@coach/kit';
import type { RequestHandler } from 'express';

export const MAX_BODY_BYTES = 100 * 1024;
export const TOO_LARGE = 'Request body is too large (limit 100 kB)';

/**
 * Refuses a declared body over 100 kB before it is forwarded. Chunked bodies stream through
 * and are held to the same limit by the services' own JSON parser.
 */
export const bodyLimit: RequestHandler = (req, _res, next) => {
  const length = Number(req.headers['content-length'] ?? 0);
  if (length > MAX_BODY_BYTES) throw new HttpError(400, TOO_LARGE);
  next();
};
