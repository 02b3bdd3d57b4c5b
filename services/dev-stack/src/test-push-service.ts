import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeTestCertificate } from './test-certificate.ts';

/** A message the push service accepted, decrypted with its subscription's keys. */
export interface PushReceived {
  /** The subscription it was for (the last part of its endpoint). */
  id: string;
  ttl: number;
  urgency: string;
  /** The VAPID public key that signed the request (its `k`). */
  vapidKey: string;
  /** The decrypted message, parsed as JSON. */
  payload: unknown;
}

/**
 * RFC 8291's decryption of an aes128gcm message (RFC 8188) by the browser holding `ecdh` (its
 * P-256 key pair) and `auth` (its authentication secret): the header gives the salt, the record
 * size and the sender's public key; the keys come from ECDH and HKDF as the RFCs lay down.
 */
export function decryptPushMessage(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('a message of one record was expected');
  const info = (label: string) => Buffer.from(`Content-Encoding: ${label}\0`);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdh.computeSecret(senderKey), auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, info('aes128gcm'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, info('nonce'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the record has no last-record delimiter');
  return padded.subarray(0, end);
}

/** Checks a request's `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292): its key and expiry. */
function checkVapid(header: string | undefined, origin: string): { key: string; exp: number } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error('no VAPID authorization');
  const [, token, key] = match;
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const [head, claims, signature] = token.split('.');
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not verify');
  const { aud, exp, sub } = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
  if (aud !== origin) throw new Error(`the VAPID audience ${String(aud)} is not ${origin}`);
  const now = Date.now() / 1000;
  if (typeof exp !== 'number' || exp < now || exp > now + 24 * 3600) throw new Error('the VAPID expiry is wrong');
  if (typeof sub !== 'string' || !/^(mailto:|https:)/.test(sub)) throw new Error('the VAPID subject is wrong');
  return { key, exp };
}

/**
 * A push service on a loopback HTTPS port with a throw-away certificate, made in `dir` or found
 * there (a process that sends to it trusts `caFile` through NODE_EXTRA_CA_CERTS). `subscribe()` makes a subscription as a browser
 * does (a P-256 key pair and an authentication secret); every message sent to it is checked
 * (VAPID, aes128gcm), decrypted with that browser's keys and kept in `received`. `answer(id,
 * status)` makes it refuse one subscription's messages (410: gone; 500: for now).
 */
export async function startTestPushService({ dir = mkdtempSync(path.join(tmpdir(), 'push-service-')) } = {}) {
  const certificate = makeTestCertificate(dir);
  const browsers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const answers = new Map<string, number>();
  const received: PushReceived[] = [];
  const refused: string[] = [];
  let origin = '';
  // A signed header is checked once (a sender signs once per push service and reuses it until it expires).
  const verified = new Map<string, { key: string; exp: number }>();
  const vapidKeyOf = (header: string | undefined) => {
    const known = header && verified.get(header);
    if (known && known.exp > Date.now() / 1000) return known.key;
    const checked = checkVapid(header, origin);
    verified.set(header!, checked);
    return checked.key;
  };

  const server = createServer({ key: certificate.key, cert: certificate.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
      const browser = id && browsers.get(id);
      const status = id ? answers.get(id) : undefined;
      try {
        if (req.method !== 'POST' || !id || !browser)
          throw Object.assign(new Error('no such subscription'), { status: 404 });
        if (status) throw Object.assign(new Error('refused as told'), { status });
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('the content encoding is not aes128gcm');
        const vapidKey = vapidKeyOf(req.headers.authorization);
        const payload = decryptPushMessage(Buffer.concat(chunks), browser.ecdh, browser.auth);
        received.push({
          id,
          ttl: Number(req.headers.ttl),
          urgency: String(req.headers.urgency ?? 'normal'),
          vapidKey,
          payload: JSON.parse(payload.toString('utf8')),
        });
        res.writeHead(201, { location: `${origin}/message/${received.length}` }).end();
      } catch (err) {
        refused.push(`${id ?? req.url}: ${(err as Error).message}`);
        res.writeHead((err as { status?: number }).status ?? 400).end((err as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    caFile: path.join(dir, 'ca.crt'),
    received,
    /** Requests refused, and why (a wrong signature or encryption shows here). */
    refused,
    /** A new browser's subscription, as PushSubscription.toJSON() gives it. */
    subscribe() {
      const id = randomBytes(12).toString('base64url');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      browsers.set(id, { ecdh, auth });
      return {
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    answer(endpoint: string, status: number) {
      answers.set(endpoint.split('/').pop()!, status);
    },
    /** What the subscription of `endpoint` received. */
    receivedBy(endpoint: string) {
      const id = endpoint.split('/').pop();
      return received.filter((r) => r.id === id);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type TestPushService = Awaited<ReturnType<typeof startTestPushService>>;
