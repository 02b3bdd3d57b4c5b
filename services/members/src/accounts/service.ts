import type { CurrentUser, Role, SignupInput } from '@coach/contracts';
import { HttpError, isDuplicateKey } from '@coach/kit';
import { nextSerial } from './counter.ts';
import { UserModel, type UserDoc } from './model.ts';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password.ts';

export const EMAIL_TAKEN = 'An account with this email already exists. Please sign in instead.';
export const USERNAME_TAKEN = 'This username is already taken. Please choose another one.';

export function toCurrentUser(user: Omit<UserDoc, 'password'>): CurrentUser {
  return {
    id: String(user._id),
    name: user.name,
    username: user.username,
    email: user.email,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
  };
}

/** The 409 for an e-mail or username that another account has. */
function conflictFor(taken: Pick<UserDoc, 'email'>, email: string): HttpError {
  return new HttpError(409, taken.email === email ? EMAIL_TAKEN : USERNAME_TAKEN);
}

/** Opens a new account's journey before the account is stored (the profile feature's, given at wiring). */
export type OpenJourney = (userId: number, memberSince: Date) => Promise<void>;

interface NewAccount extends SignupInput {
  role: Role;
  createdAt?: Date;
}

/**
 * Creates an account with the next serial id and opens its journey. A duplicate e-mail or
 * username is a 409, also when two sign-ups race (the unique indexes decide).
 */
async function createAccount(input: NewAccount, openJourney: OpenJourney): Promise<UserDoc> {
  const { email, username } = input;
  const existing = await UserModel.findOne({ $or: [{ email }, { username }] }, { email: 1 }).lean();
  if (existing) throw conflictFor(existing, email);
  const password = await hashPassword(input.password);
  const user: UserDoc = {
    _id: await nextSerial('users'),
    name: input.name,
    username,
    email,
    password,
    role: input.role,
    createdAt: input.createdAt ?? new Date(),
  };
  // The journey before the account: a sign-up cut off between the two (an outage) leaves no
  // account behind, so the e-mail stays free to try again. A journey whose account never came is
  // never read: its serial id is not given out again.
  await openJourney(user._id, user.createdAt);
  try {
    await UserModel.create(user);
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    const { keyPattern } = err as { keyPattern?: Record<string, unknown> };
    throw new HttpError(409, keyPattern && 'username' in keyPattern ? USERNAME_TAKEN : EMAIL_TAKEN);
  }
  return user;
}

/** POST /api/auth/signup: always an ordinary member, whatever the body says. */
export function signup(input: SignupInput, openJourney: OpenJourney): Promise<UserDoc> {
  return createAccount({ ...input, role: 'user' }, openJourney);
}

/**
 * The account with this e-mail and password, or undefined. Both failures cost one argon2
 * verification, so the answer time does not tell whether the e-mail has an account.
 */
export async function authenticate(email: string, password: string): Promise<UserDoc | undefined> {
  const user = await UserModel.findOne({ email }).lean<UserDoc>();
  if (!user) return verifyAgainstDummy(password).then(() => undefined);
  if (!(await verifyPassword(user.password, password))) return undefined;
  if (needsRehash(user.password)) {
    await UserModel.updateOne(
      { _id: user._id, password: user.password },
      { $set: { password: await hashPassword(password) } },
    );
  }
  return user;
}

/** Replaces a user's password (hashed here). */
export async function setPassword(userId: number, plain: string): Promise<void> {
  await UserModel.updateOne({ _id: userId }, { $set: { password: await hashPassword(plain) } });
}

export async function findUserByEmail(email: string): Promise<UserDoc | undefined> {
  return (await UserModel.findOne({ email }).lean<UserDoc>()) ?? undefined;
}

export async function findUser(id: number): Promise<UserDoc | undefined> {
  return (await UserModel.findById(id).lean<UserDoc>()) ?? undefined;
}

/**
 * Makes sure an account exists (the admin from the environment, the demo member): creates it
 * when no account has the e-mail and leaves an existing one untouched, so starting again, or
 * several replicas starting at once, changes nothing. `created` tells whether this call made it.
 */
export async function ensureAccount(
  input: NewAccount,
  openJourney: OpenJourney,
): Promise<{ user: UserDoc; created: boolean }> {
  for (let attempt = 0; ; attempt++) {
    const existing = await UserModel.findOne({ email: input.email }).lean<UserDoc>();
    if (existing) return { user: existing, created: false };
    try {
      return { user: await createAccount(input, openJourney), created: true };
    } catch (err) {
      if (!(err instanceof HttpError) || err.status !== 409 || attempt > 0) throw err;
      // The e-mail was taken meanwhile (read again), or the username belongs to someone else.
      const emailTaken = await UserModel.exists({ email: input.email });
      if (!emailTaken) input = { ...input, username: `${input.username}-${await nextSerial('users')}` };
    }
  }
}
