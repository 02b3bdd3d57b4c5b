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

/**
 * The VAPID key pair of the embedded mode (P-256, both base64url: the public key uncompressed,
 * the private key's 32 bytes), generated once and kept in `dir` beside the session keys.
 * Production passes VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY instead.
 */
export function vapidKeyPair(dir?: string): { publicKey: string; privateKey: string } {
  const file = dir && path.join(dir, 'vapid.json');
  if (file && existsSync(file))
    return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  const jwk = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
  const pair = { publicKey: point.toString('base64url'), privateKey: jwk.d! };
  if (dir && file) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, JSON.stringify(pair), { mode: 0o600 });
  }
  return pair;
}
