import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mongodBinary, startMongo } from './mongo.ts';

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

  it('gives freed memory back and keeps 16 MB in thread caches (the shipped 4.0)', async () => {
    const status = await client.db('admin').command({ serverStatus: 1, tcmalloc: 1 });
    if (mongodBinary().version === undefined) return; // another mongod: its allocator has other settings
    expect(status.tcmalloc.tcmalloc.aggressive_memory_decommit).toBe(1);
    expect(status.tcmalloc.tcmalloc.max_total_thread_cache_bytes).toBe(16 * 1024 * 1024);
    // The session table for 1,000 sessions: 42-46 MB resident at rest, 70-72 MB for 20,000.
    expect(status.mem.resident).toBeLessThan(58);
  });
});
