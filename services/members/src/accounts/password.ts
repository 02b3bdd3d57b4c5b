import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import { createGate } from './gate.ts';

/**
 * argon2id with the OWASP Password Storage Cheat Sheet's first recommended configuration:
 * 19 MiB of memory, 2 iterations, 1 lane. The work runs on libuv's thread pool, never on the
 * event loop.
 */
export const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * How many argon2 computations run at once: by default one core fewer than the machine has
 * (at least one), so a burst of sign-ins leaves a core to the event loops of this and the
 * other services (libuv's pool would run four at once, each memory-bound; see README).
 */
export const DEFAULT_HASH_CONCURRENCY = Math.max(1, availableParallelism() - 1);
const gate = createGate(DEFAULT_HASH_CONCURRENCY);

/** Sets how many argon2 computations may run at once (ARGON2_MAX_CONCURRENCY). */
export const setHashConcurrency = (limit: number) => gate.setLimit(limit);

export function hashPassword(plain: string): Promise<string> {
  return gate.run(() => argon2.hash(plain, HASH_OPTIONS));
}

/** False for a wrong password and for a hash that cannot be read; never throws on bad input. */
export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await gate.run(() => argon2.verify(hash, plain));
  } catch {
    return false;
  }
}

/** True when a stored hash was made with weaker parameters than HASH_OPTIONS. */
export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, HASH_OPTIONS);
  } catch {
    return true;
  }
}

/** A hash of a random password nobody knows, made once per process as the module loads. */
const dummyHash = hashPassword(randomBytes(32).toString('base64url'));

/**
 * Spends the same work as checking a real password: a sign-in for an unknown e-mail takes as
 * long as one with a wrong password.
 */
export async function verifyAgainstDummy(plain: string): Promise<false> {
  await verifyPassword(await dummyHash, plain);
  return false;
}
