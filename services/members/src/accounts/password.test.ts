import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password.ts';

describe('argon2 password hashing', () => {
  it('hashes with argon2id at the OWASP parameters and verifies only the right password', async () => {
    const hash = await hashPassword('Sacred-Circle-2025');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Sacred-Circle-2025')).toBe(true);
    expect(await verifyPassword(hash, 'sacred-circle-2025')).toBe(false);
    expect(await hashPassword('Sacred-Circle-2025')).not.toBe(hash); // a fresh salt each time
    expect(needsRehash(hash)).toBe(false);
  });

  it('treats an unreadable or weaker hash safely', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
    expect(needsRehash('$argon2id$v=19$m=4096,t=1,p=1$c29tZXNhbHQ$aGFzaGhhc2hoYXNoaGFzaA')).toBe(true);
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });

  it('runs the native part compiled on this machine, not the prebuilt binary', () => {
    // The prebuilt linux-x64 binary crashes (segmentation fault) on our machines: install builds from source.
    const require = createRequire(import.meta.url);
    const argon2Dir = path.dirname(require.resolve('argon2'));
    const gypBuild = createRequire(path.join(argon2Dir, 'package.json'))('node-gyp-build') as {
      resolve(dir: string): string;
    };
    expect(gypBuild.resolve(argon2Dir)).toBe(path.join(argon2Dir, 'build/Release/argon2.node'));
  });
});
