import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/server.ts';
import { apiRequest, createQueryClient, getQueryFn } from './client.ts';

describe('api client', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends cookies and a JSON body with its content type', async () => {
    // The credentials mode is the fetch call's own setting: it never travels in the HTTP message
    // the mock server reads, so it is read from the call.
    const calls = vi.spyOn(globalThis, 'fetch');
    let seen: { type: string | null; body: unknown } | undefined;
    server.use(
      http.post('/api/echo', async ({ request }) => {
        seen = { type: request.headers.get('content-type'), body: await request.json() };
        return HttpResponse.json({ ok: true });
      }),
    );
    await apiRequest('POST', '/api/echo', { a: 1 });
    expect(calls).toHaveBeenCalledExactlyOnceWith('/api/echo', expect.objectContaining({ credentials: 'include' }));
    expect(seen).toEqual({ type: 'application/json', body: { a: 1 } });
  });

  it('sends no content type when there is no body', async () => {
    let type: string | null = 'unset';
    server.use(
      http.post('/api/empty', ({ request }) => {
        type = request.headers.get('content-type');
        return HttpResponse.json({});
      }),
    );
    await apiRequest('POST', '/api/empty');
    expect(type).toBeNull();
  });

  it('raises a non-OK answer as "status: body"', async () => {
    server.use(http.get('/api/fail', () => HttpResponse.json({ message: 'Post not found' }, { status: 404 })));
    await expect(apiRequest('GET', '/api/fail')).rejects.toThrow('404: {"message":"Post not found"}');
  });

  it('uses the status text when the body is empty', async () => {
    server.use(
      http.get('/api/empty-fail', () => new HttpResponse(null, { status: 503, statusText: 'Service Unavailable' })),
    );
    await expect(apiRequest('GET', '/api/empty-fail')).rejects.toThrow('503: Service Unavailable');
  });

  it('reads the URL from the query key and can turn a 401 into null', async () => {
    server.use(http.get('/api/blog/abc', () => HttpResponse.json({ slug: 'abc' })));
    const fn = getQueryFn<{ slug: string }>({ on401: 'throw' });
    const ctx = { queryKey: ['/api/blog', 'abc'], signal: new AbortController().signal } as unknown as Parameters<
      typeof fn
    >[0];
    await expect(fn(ctx)).resolves.toEqual({ slug: 'abc' });
    const nullable = getQueryFn({ on401: 'returnNull' });
    const meCtx = { queryKey: ['/api/auth/me'], signal: new AbortController().signal } as unknown as Parameters<
      typeof nullable
    >[0];
    await expect(nullable(meCtx)).resolves.toBeNull();
  });

  it('defaults to no retry, never-stale data, no refetch on focus and no polling', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      retry: false,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    });
    expect(mutations).toMatchObject({ retry: false });
  });

  it('runs calls offline too, so the service worker can answer or keep them (issue #7)', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.networkMode).toBe('offlineFirst');
    expect(mutations?.networkMode).toBe('offlineFirst');
  });
});
