import { ROLES, type Role } from '@coach/contracts';
import mongoose from 'mongoose';

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
}
export const UserModel = mongoose.model('User', userSchema);
