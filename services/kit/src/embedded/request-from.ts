import http from 'node:http';
import https from 'node:https';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One HTTP(S) request as a client on another address would send it: `from` picks the local
 * address (any 127.x.y.z is this machine), `ca` the authority an HTTPS answer must be signed by.
 * A new connection each time, so no two clients share one.
 */
export function requestFrom(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; from?: string; ca?: string } = {},
): Promise<Answer> {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, localAddress: options.from, ca: options.ca, agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
