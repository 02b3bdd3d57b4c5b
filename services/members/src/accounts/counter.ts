import { retryOnDuplicateKey } from '@coach/kit';
import mongoose from 'mongoose';

/** Serial number sequences (users.id is an auto-incremented integer, not an ObjectId). */
const counterSchema = new mongoose.Schema(
  { _id: { type: String }, seq: { type: Number, required: true } },
  { collection: 'counters', versionKey: false },
);
const CounterModel = mongoose.model('Counter', counterSchema);

/** The next number of a sequence: one atomic $inc, so concurrent callers never share a number. */
export async function nextSerial(name: string): Promise<number> {
  const counter = await retryOnDuplicateKey(() =>
    CounterModel.findOneAndUpdate({ _id: name }, { $inc: { seq: 1 } }, { upsert: true, new: true }).lean(),
  );
  return counter!.seq;
}
