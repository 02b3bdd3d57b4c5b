import http from 'node:http';
import https from 'node:https';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The bytes as they came, still encoded (gzip) if the answer says so. */
  raw: Buffer;
}

/**
 * One HTTP(S) request as a client on another address would send it: `from` picks the local
 * address (any 127.x.y.z is this machine), `ca` the authority an HTTPS answer must be signed by.
 * A new connection each time, so no two clients share one.
 */
export function requestFrom(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; from?: string; ca?: string } = {},
): Promise<Answer> {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        localAddress: options.from,
        ca: options.ca,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: raw.toString('utf8'), raw });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
