import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports.ts';

/**
 * Debian's Caddy as the TLS proxy in front of a local gateway, as compose puts it in front of the
 * gateway's container (deploy/Caddyfile, with the same proxy settings): HTTPS (HTTP/2) with a
 * certificate from Caddy's own local authority for
 * `localhost` and 127.0.0.1, nothing fetched from the network. `caCert` is that authority's root,
 * for clients that verify the certificate.
 */
export async function startTlsProxy(upstreamUrl: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'coach-caddy-'));
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  const upstream = new URL(upstreamUrl).host;
  const config = path.join(dir, 'Caddyfile');
  writeFileSync(
    config,
    `{
	admin off
	skip_install_trust
	auto_https disable_redirects
	storage file_system ${path.join(dir, 'data')}
	http_port ${httpPort}
	https_port ${httpsPort}
	default_sni localhost
	log {
		output discard
	}
}
localhost:${httpsPort}, 127.0.0.1:${httpsPort} {
	tls internal
	reverse_proxy ${upstream} {
		transport http {
			keepalive_idle_conns_per_host 256
		}
	}
}
`,
  );
  const home = path.join(dir, 'home');
  mkdirSync(home);
  const child = spawn('caddy', ['run', '--config', config, '--adapter', 'caddyfile'], {
    env: { PATH: process.env.PATH ?? '', HOME: home, XDG_CONFIG_HOME: home, XDG_DATA_HOME: home },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2000)));
  const rootCert = path.join(dir, 'data/pki/authorities/local/root.crt');
  const url = `https://localhost:${httpsPort}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        rmSync(dir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null) return done();
      child.once('exit', done);
      child.kill('SIGTERM');
    });
  // Ready once its authority has issued the site's certificate and the port answers.
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`caddy exited (${child.exitCode}): ${output}`);
    if (waited > 20_000) {
      await stop();
      throw new Error(`caddy did not start: ${output}`);
    }
    if (existsSync(path.join(dir, 'data/certificates/local/localhost/localhost.crt'))) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, port: httpsPort, pid: child.pid!, caCert: readFileSync(rootCert, 'utf8'), stop };
}
