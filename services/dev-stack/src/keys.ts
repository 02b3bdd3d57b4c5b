import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The session signing key pair of the embedded mode: generated once and kept in `dir`
 * (never in the repo). Production passes SESSION_PRIVATE_KEY / SESSION_PUBLIC_KEY instead.
 */
export function sessionKeyPair(dir?: string): { privateKey: string; publicKey: string } {
  const privatePath = dir && path.join(dir, 'session-private.pem');
  const publicPath = dir && path.join(dir, 'session-public.pem');
  if (privatePath && publicPath && existsSync(privatePath) && existsSync(publicPath)) {
    return { privateKey: readFileSync(privatePath, 'utf8'), publicKey: readFileSync(publicPath, 'utf8') };
  }
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  if (dir && privatePath && publicPath) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(privatePath, pair.privateKey, { mode: 0o600 });
    writeFileSync(publicPath, pair.publicKey);
  }
  return pair;
}
