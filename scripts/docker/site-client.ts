import https from 'node:https';

export interface SiteAnswer {
  status: number;
  body: unknown;
  text: string;
  cookies: string[];
}

/**
 * A visitor's HTTPS client for a site served under `domain` by an edge at `address`:443 (the
 * name is never looked up; the certificate must be `ca`'s for that name), with its own cookies.
 * Writes carry the site's own Origin, as a browser's do.
 */
export function siteClient(domain: string, address: string, ca: string) {
  const agent = new https.Agent({
    keepAlive: false,
    ca,
    servername: domain,
    lookup: (_host, options, callback) =>
      options.all ? callback(null, [{ address, family: 4 }]) : callback(null, address, 4),
  });
  const jar = new Map<string, string>();
  const origin = `https://${domain}`;

  function request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise<SiteAnswer>((resolve, reject) => {
      const req = https.request(
        `${origin}${path}`,
        {
          method,
          agent,
          timeout: 20_000,
          headers: {
            accept: 'application/json',
            ...(payload ? { 'content-type': 'application/json', origin } : {}),
            ...(jar.size ? { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const cookies = res.headers['set-cookie'] ?? [];
            for (const cookie of cookies) {
              const [pair] = cookie.split(';');
              const [name, ...value] = pair!.split('=');
              jar.set(name!.trim(), value.join('='));
            }
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              // an HTML page, or empty
            }
            resolve({ status: res.statusCode ?? 0, body: parsed, text, cookies });
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer in 20 s`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  return {
    origin,
    get: (path: string) => request('GET', path),
    post: (path: string, body: unknown, headers?: Record<string, string>) => request('POST', path, body, headers),
    close: () => agent.destroy(),
  };
}
export type SiteClient = ReturnType<typeof siteClient>;
