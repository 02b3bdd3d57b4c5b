import { QueryClient, type QueryFunction } from '@tanstack/react-query';

/** A non-OK answer: its message is `status: body`, the status kept for branching. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** Throws an ApiRequestError for a non-OK answer, with its body as the message. */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new ApiRequestError(res.status, `${res.status}: ${text}`);
}

/**
 * The server's own words for a failed call: the `message` of the JSON error body carried in an
 * ApiRequestError (`status: {"message": ...}`); undefined when there is none to show.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  const body = error.message.slice(error.message.indexOf(': ') + 2);
  try {
    const parsed: unknown = JSON.parse(body);
    const message = parsed && typeof parsed === 'object' ? (parsed as { message?: unknown }).message : undefined;
    return typeof message === 'string' && message.trim() ? message : undefined;
  } catch {
    return undefined;
  }
}

/** A notice that an action failed: its title, then the server's own words or "Please try again". */
export function failureNotice(title: string, error: unknown) {
  return { title, description: serverMessage(error) ?? 'Please try again', variant: 'destructive' as const };
}

/**
 * Every call of the site: cookies sent, a JSON body with its content type when there is one,
 * and a thrown ApiRequestError for any non-OK answer.
 */
export async function apiRequest(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: data === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
    body: data === undefined ? undefined : JSON.stringify(data),
  });
  await throwIfNotOk(res);
  return res;
}

/** POST a JSON body and read the JSON answer. */
export async function postJson<T>(url: string, data?: unknown, headers?: Record<string, string>): Promise<T> {
  const res = await apiRequest('POST', url, data, headers);
  return (await res.json()) as T;
}

/** A fresh Idempotency-Key per submission, so a retried POST is stored once. */
export const idempotencyHeader = (): Record<string, string> => ({ 'Idempotency-Key': crypto.randomUUID() });

type On401 = 'throw' | 'returnNull';

/** The query function: the key joined with '/' is the URL (e.g. ['/api/blog', slug]). */
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include', signal });
    if (on401 === 'returnNull' && res.status === 401) {
      // Read to the end: an unread body keeps the request open in the browser (the page never
      // looks loaded to tools that wait for the network to settle).
      await res.text();
      return null;
    }
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

/**
 * Query defaults: no retry, never stale, no refetch on focus, no polling. Offline,
 * calls still run ('offlineFirst' instead of pausing until the browser is online again): the
 * service worker answers reads from its cache and keeps the outbox writes, and what it cannot
 * serve fails at once with its offline state instead of a spinner that never ends.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false, networkMode: 'offlineFirst' },
    },
  });
}
