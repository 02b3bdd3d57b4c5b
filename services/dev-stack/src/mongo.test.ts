import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMongo } from './mongo.ts';

describe('a mongod the stack keeps data in', () => {
  const dbPath = mkdtempSync(path.join(os.tmpdir(), 'coach-mongo-'));
  let mongo: Awaited<ReturnType<typeof startMongo>>;
  let client: mongoose.mongo.MongoClient;
  beforeAll(async () => {
    mongo = await startMongo({ dbPath });
    client = await mongoose.mongo.MongoClient.connect(mongo.url);
  });
  afterAll(async () => {
    await client?.close();
    await mongo?.stop();
    rmSync(dbPath, { recursive: true, force: true });
  });

  it('runs with the 96 MB cache the stack files give it', async () => {
    const status = await client.db('admin').command({ serverStatus: 1 });
    expect(status.wiredTiger.cache['maximum bytes configured']).toBe(96 * 1024 * 1024);
  });
});
