import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@coach/contracts';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A recovery code as typed or shown, reduced to its ten characters. */
const canonical = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

/**
 * The keys that protect two-step sign-in at rest, derived from one configured key: authenticator
 * secrets are encrypted (AES-256-GCM, bound to their account, so a copied value is worth nothing
 * on another), and recovery codes are kept only as keyed hashes.
 */
export function createTwoStepSecrets(masterKey: string) {
  const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', masterKey, '', `coach-two-step-${purpose}`, 32));
  const encryptionKey = derive('secret');
  const hashKey = derive('recovery-code');
  const boundTo = (userId: number) => Buffer.from(`user:${userId}`);

  function seal(userId: number, secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv).setAAD(boundTo(userId));
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), sealed]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The secret sealed for this account; throws when the value was altered or sealed for another. */
  function open(userId: number, value: string): string {
    const [version, iv, tag, sealed] = value.split('.');
    if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('Unreadable two-step secret');
    const decipher = createDecipheriv('aes-256-gcm', encryptionKey, Buffer.from(iv, 'base64url'))
      .setAAD(boundTo(userId))
      .setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  }

  const hashRecoveryCode = (code: string) => createHmac('sha256', hashKey).update(canonical(code)).digest('base64url');

  /** Fresh recovery codes (50 random bits each, as `xxxxx-xxxxx`) and the hashes to keep. */
  function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
      const chars = [...randomBytes(10)].map((byte) => BASE32[byte % 32]).join('');
      return `${chars.slice(0, 5)}-${chars.slice(5)}`;
    });
    return { codes, hashes: codes.map(hashRecoveryCode) };
  }

  return { seal, open, hashRecoveryCode, newRecoveryCodes };
}
export type TwoStepSecrets = ReturnType<typeof createTwoStepSecrets>;
