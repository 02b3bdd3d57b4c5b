import { ReplyError } from 'ioredis';
import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { isOutageError } from './errors.ts';

const { MongoBulkWriteError, MongoNetworkError, MongoServerError, MongoServerSelectionError } = mongoose.mongo;
/** A bulk write's result where nothing was written, as the driver hands it to its error. */
const nothingWritten = {} as ConstructorParameters<typeof MongoBulkWriteError>[1];

// Which errors answer 503 (an outage a client may retry) rather than 500, as the driver raises
// them during a replica set's election.
describe('isOutageError', () => {
  it('takes a bulk write cut off by a lost connection or a failed server selection as an outage', () => {
    const lost = new MongoNetworkError('connection 12 to 127.0.0.1:27568 closed');
    const noPrimary = new MongoServerSelectionError('Server selection timed out after 2000 ms', {
      type: 'ReplicaSetNoPrimary',
    } as never);
    expect(isOutageError(lost)).toBe(true);
    expect(isOutageError(new MongoBulkWriteError(lost, nothingWritten))).toBe(true);
    expect(isOutageError(new MongoBulkWriteError(noPrimary, nothingWritten))).toBe(true);
  });

  it('takes a write refused by a member that is no longer primary as an outage, a duplicate key as not', () => {
    const notPrimary = { message: 'not primary', code: 10107, writeErrors: [] };
    const duplicate = { message: 'E11000 duplicate key error', code: 11000, writeErrors: [] };
    expect(isOutageError(new MongoBulkWriteError(notPrimary, nothingWritten))).toBe(true);
    expect(isOutageError(new MongoBulkWriteError(duplicate, nothingWritten))).toBe(false);
    expect(isOutageError(new MongoServerError({ message: 'E11000 duplicate key error', code: 11000 }))).toBe(false);
  });

  it("takes Redis's passing refusals (loading its data, a failover) as an outage, a wrong command as not", () => {
    const reply = (message: string) => new ReplyError(message) as Error;
    expect(isOutageError(reply('LOADING Redis is loading the dataset in memory'))).toBe(true);
    expect(isOutageError(reply("READONLY You can't write against a read only replica."))).toBe(true);
    expect(isOutageError(reply('MASTERDOWN Link with MASTER is down and replica-serve-stale-data is set to no'))).toBe(
      true,
    );
    expect(isOutageError(reply('WRONGTYPE Operation against a key holding the wrong kind of value'))).toBe(false);
  });
});
