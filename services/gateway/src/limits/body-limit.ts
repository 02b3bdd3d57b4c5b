import {
  isWebhookUrl,
  RESOURCE_TOO_LARGE,
  RESOURCE_UPLOAD_MAX_BYTES,
  RESOURCE_UPLOAD_PATH,
  WEBHOOK_MAX_BYTES,
  WEBHOOK_TOO_LARGE,
} from '@coach/contracts';
import { HttpError } from '@coach/kit';
import type { RequestHandler } from 'express';

export const MAX_BODY_BYTES = 100 * 1024;
export const TOO_LARGE = 'Request body is too large (limit 100 kB)';

/**
 * Refuses a declared body over 100 kB before it is forwarded, a signed webhook's over 64 kB with
 * 413, and a program file's upload over 50 MB (streamed through to members, which counts its bytes
 * too). Chunked bodies stream through and are held to the same limits by the services.
 */
export const bodyLimit: RequestHandler = (req, _res, next) => {
  const length = Number(req.headers['content-length'] ?? 0);
  if (isWebhookUrl(req.originalUrl)) {
    if (length > WEBHOOK_MAX_BYTES) throw new HttpError(413, WEBHOOK_TOO_LARGE);
  } else if (RESOURCE_UPLOAD_PATH.test(req.originalUrl.split('?')[0]!)) {
    if (length > RESOURCE_UPLOAD_MAX_BYTES)
      throw new HttpError(400, RESOURCE_TOO_LARGE, [{ path: 'file', message: RESOURCE_TOO_LARGE }]);
  } else if (length > MAX_BODY_BYTES) throw new HttpError(400, TOO_LARGE);
  next();
};
