import mongoose from 'mongoose';

/** Serial number sequences (users.id is an auto-incremented integer, not an ObjectId). */
const counterSchema = new mongoose.Schema(
  { _id: { type: String }, seq: { type: Number, required: true } },
  { collection: 'counters', versionKey: false },
);
const CounterModel = mongoose.model('Counter', counterSchema);

/** The next number of a sequence: one atomic $inc, so concurrent callers never share a number. */
export async function nextSerial(name: string): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    try {
      const counter = await CounterModel.findOneAndUpdate(
        { _id: name },
        { $inc: { seq: 1 } },
        { upsert: true, new: true },
      ).lean();
      return counter!.seq;
    } catch (err) {
      // Two first-ever upserts can race on the _id; the loser increments the winner's row.
      if ((err as { code?: number }).code !== 11000 || attempt > 2) throw err;
    }
  }
}
