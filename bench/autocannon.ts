import autocannon from 'autocannon';

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** One autocannon run; returns the figures the bench report prints. */
export async function load(
  url: string,
  options: { connections: number; seconds: number; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
