import mongoose from 'mongoose';

/**
 * Hands rows to a queue a page at a time, in _id order: `read` is given the filter of the rows
 * after the last page (none at first), `queue` each page. A fan-out's job ids name its first row,
 * so a retried fan-out queues nothing twice.
 */
export async function queueInPages<Row extends { _id: mongoose.Types.ObjectId }>(
  read: (after: mongoose.FilterQuery<unknown>) => Promise<Row[]>,
  queue: (page: Row[]) => Promise<unknown>,
): Promise<{ batches: number; rows: number }> {
  let batches = 0;
  let rows = 0;
  for (let after: mongoose.Types.ObjectId | undefined; ;) {
    const page = await read(after ? { _id: mongoose.trusted({ $gt: after }) } : {});
    if (page.length === 0) return { batches, rows };
    await queue(page);
    batches += 1;
    rows += page.length;
    after = page[page.length - 1]!._id;
  }
}
