import mongoose from 'mongoose';
import type { Logger } from './logger.ts';

// Defence in depth: query filters never take operators from input ({"$gt": ""} stays a value).
mongoose.set('sanitizeFilter', true);
mongoose.set('strictQuery', true);

export async function connectMongo(url: string, logger: Logger): Promise<typeof mongoose> {
  mongoose.connection.on('disconnected', () => logger.warn('mongodb disconnected'));
  mongoose.connection.on('reconnected', () => logger.info('mongodb reconnected'));
  await mongoose.connect(url, { serverSelectionTimeoutMS: 10_000, maxPoolSize: 20 });
  return mongoose;
}

/**
 * JSON shape shared by every model: `id` instead of `_id`, ISO dates, no `__v`.
 * Pass as `toJSON` in a schema's options.
 */
export const jsonShape = {
  virtuals: true,
  versionKey: false,
  transform: (_doc: unknown, ret: Record<string, unknown>) => {
    delete ret._id;
    return ret;
  },
};
