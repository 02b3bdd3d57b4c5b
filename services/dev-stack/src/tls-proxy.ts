import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './stack.ts';
import { accepts, freePort } from './ports.ts';
import { makeTestCertificate } from './test-certificate.ts';

/** Debian installs nginx in /usr/sbin, which a user's PATH may not hold. */
const nginxBinary = () => ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file)) ?? 'nginx';

/**
 * Debian's nginx as the TLS proxy in front of a local gateway, forwarding as compose's edge proxy
 * does (it includes the same deploy/nginx/gateway-proxy.conf): HTTPS with HTTP/2, a certificate
 * from a throw-away authority for `localhost` and 127.0.0.1, nothing fetched from the network.
 * `caCert` is that authority's certificate, for clients that verify the site's.
 */
export async function startTlsProxy(upstreamUrl: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'coach-nginx-'));
  // Run as root, nginx's workers are another user: they reach their temporary files through it.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const certificate = makeTestCertificate(dir);
  const config = path.join(dir, 'nginx.conf');
  writeFileSync(
    config,
    `daemon off;
# One worker, as compose's (deploy/nginx/nginx.conf says why).
worker_processes 1;
# Connections still open when stopped are closed after this.
worker_shutdown_timeout 5s;
pid ${path.join(dir, 'nginx.pid')};
error_log stderr warn;
events {
	worker_connections 4096;
}
http {
	server_tokens off;
	access_log off;
	client_body_temp_path ${path.join(dir, 'client-body')};
	proxy_temp_path ${path.join(dir, 'proxy')};
	fastcgi_temp_path ${path.join(dir, 'fastcgi')};
	uwsgi_temp_path ${path.join(dir, 'uwsgi')};
	scgi_temp_path ${path.join(dir, 'scgi')};
	upstream gateway {
		server ${new URL(upstreamUrl).host};
		keepalive 256;
	}
	server {
		listen 127.0.0.1:${port} ssl http2;
		server_name localhost;
		ssl_certificate ${certificate.certFile};
		ssl_certificate_key ${certificate.keyFile};
		# At the server's level, as compose's certificate files set it: a location nested in
		# gateway-proxy.conf runs none of the rewrites of the one that includes it.
		set $gateway gateway;
		location / {
			include ${path.join(REPO_ROOT, 'deploy/nginx/gateway-proxy.conf')};
		}
	}
}
`,
  );
  const child = spawn(nginxBinary(), ['-c', config, '-p', dir, '-e', 'stderr'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  let running = true;
  child.once('exit', () => (running = false));
  child.once('error', (err) => {
    running = false; // not started (nginx missing): 'exit' may never come
    output += `${err.message}\n`;
  });
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2000)));
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        rmSync(dir, { recursive: true, force: true });
        resolve();
      };
      if (!running) return done();
      child.once('exit', done);
      child.kill('SIGQUIT'); // nginx's graceful stop: requests in flight finish
    });
  // Ready once its port takes connections.
  for (let waited = 0; !(await accepts(port)); waited += 50) {
    if (!running || waited > 10_000) {
      await stop();
      throw new Error(`nginx did not start: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  /** nginx's processes: the master and its workers. */
  const processes = () => [
    { name: 'nginx', pid: child.pid! },
    ...readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map((pid) => ({ name: 'nginx worker', pid: Number(pid) })),
  ];
  return { url: `https://localhost:${port}`, caCert: certificate.caCert, processes, stop };
}
