import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A throw-away certificate authority and a certificate it signed for `localhost` and 127.0.0.1,
 * made with openssl in `dir` unless it holds them already (tests' TLS servers: clients that
 * verify trust `caCert`).
 */
export function makeTestCertificate(dir: string) {
  const file = (name: string) => path.join(dir, name);
  if (!existsSync(file('site.crt'))) makeInto(file);
  return {
    certFile: file('site.crt'),
    keyFile: file('site.key'),
    cert: readFileSync(file('site.crt'), 'utf8'),
    key: readFileSync(file('site.key'), 'utf8'),
    caCert: readFileSync(file('ca.crt'), 'utf8'),
  };
}

function makeInto(file: (name: string) => string) {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const newKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  openssl(
    'req',
    '-x509',
    ...newKey,
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.crt'),
    '-days',
    '2',
    '-subj',
    '/CN=Coach test authority',
  );
  openssl('req', ...newKey, '-keyout', file('site.key'), '-out', file('site.csr'), '-subj', '/CN=localhost');
  writeFileSync(file('site.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  openssl(
    'x509',
    '-req',
    '-in',
    file('site.csr'),
    '-CA',
    file('ca.crt'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    file('site.ext'),
    '-out',
    file('site.crt'),
  );
}
