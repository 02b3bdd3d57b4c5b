import { ROLES, type Role } from '@coach/contracts';
import mongoose from 'mongoose';

/** Two-step sign-in of an account that turned it on. */
const twoStepSchema = new mongoose.Schema(
  {
    /** The authenticator secret, encrypted (two-step/secrets.ts); never sent to any client. */
    secret: { type: String, required: true },
    /** The last authenticator time step accepted: a code of this step or earlier is refused. */
    lastStep: { type: Number, required: true },
    /** Keyed hashes of the recovery codes not used yet. */
    recoveryCodes: { type: [String], default: [] },
    enabledAt: { type: Date, required: true },
  },
  { _id: false },
);

/** A secret shown for set-up and waiting to be confirmed with a code. */
const pendingTwoStepSchema = new mongoose.Schema(
  { secret: { type: String, required: true }, createdAt: { type: Date, required: true } },
  { _id: false },
);

/** users: `_id` is a serial integer id (see counter.ts); e-mail and username are unique. */
const userSchema = new mongoose.Schema(
  {
    _id: { type: Number, required: true },
    username: { type: String, required: true, unique: true, maxlength: 30 },
    email: { type: String, required: true, unique: true, maxlength: 254 },
    /** argon2id PHC string, never sent to any client. */
    password: { type: String, required: true },
    name: { type: String, required: true, maxlength: 100 },
    role: { type: String, enum: ROLES, default: 'user', required: true },
    createdAt: { type: Date, default: Date.now },
    twoStep: { type: twoStepSchema, required: false },
    pendingTwoStep: { type: pendingTwoStepSchema, required: false },
  },
  { collection: 'users', versionKey: false },
);

export interface UserDoc {
  _id: number;
  username: string;
  email: string;
  password: string;
  name: string;
  role: Role;
  createdAt: Date;
  twoStep?: { secret: string; lastStep: number; recoveryCodes: string[]; enabledAt: Date };
  pendingTwoStep?: { secret: string; createdAt: Date };
}
export const UserModel = mongoose.model('User', userSchema);

/** Whether the account signs in with a second step (a code from an authenticator app). */
export const hasTwoStep = (user: Pick<UserDoc, 'twoStep'>): boolean => Boolean(user.twoStep);
