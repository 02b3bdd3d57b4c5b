import { pipeline } from 'node:stream/promises';
import { Readable, Transform } from 'node:stream';
import {
  RESOURCE_MAX_BYTES,
  RESOURCE_TOO_LARGE,
  RESOURCE_TYPE_REFUSED,
  RESOURCE_UPLOAD_MAX_BYTES,
  resourceTitleSchema,
  type PortalResource,
  type ResourceContentType,
} from '@coach/contracts';
import { HttpError, parse } from '@coach/kit';
import busboy from 'busboy';
import type { Request, Response } from 'express';
import { fileTypeFromBuffer } from 'file-type';
import mongoose, { type Types } from 'mongoose';
import rangeParser from 'range-parser';

/** The GridFS bucket of the programs' files: program_resources.files and .chunks (the README's backup keeps them). */
const BUCKET = 'program_resources';

/** How many of a file's first bytes file-type reads to judge its type. */
const DETECTION_BYTES = 4100;

/** The types a resource may be, by the extension file-type names from the file's own bytes. */
const TYPE_OF_DETECTED: Readonly<Record<string, ResourceContentType>> = {
  pdf: 'application/pdf',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  m4b: 'audio/mp4',
  f4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

interface ResourceMetadata {
  programId: string;
  title: string;
  contentType: ResourceContentType;
}
interface ResourceFile {
  _id: Types.ObjectId;
  length: number;
  chunkSize: number;
  uploadDate: Date;
  metadata: ResourceMetadata;
}

const bucket = () => new mongoose.mongo.GridFSBucket(mongoose.connection.db!, { bucketName: BUCKET });
const files = () => mongoose.connection.db!.collection<ResourceFile>(`${BUCKET}.files`);
const chunks = () =>
  mongoose.connection.db!.collection<{ files_id: Types.ObjectId; n: number; data: { buffer: Uint8Array } }>(
    `${BUCKET}.chunks`,
  );
/**
 * GridFS chunks read per round trip when a file is sent: one (255 KB), so a download holds at
 * most that chunk in the driver and the one being written, and each reply's buffer holds one
 * chunk alone (sendBytes frees it once written).
 */
const CHUNKS_PER_READ = 1;

/**
 * The bytes `start` to `end` (inclusive) of a stored file, read a chunk at a time and only as
 * fast as the answer is taken. The driver's own download stream reads its chunks in batches of up
 * to 16 MB, which twenty downloads at once would hold in memory together. Each part is the
 * driver's buffer of its chunk, not shared with any other chunk: it is released once written.
 */
async function* fileBytes(file: ResourceFile, start: number, end: number): AsyncGenerator<Uint8Array> {
  const { chunkSize } = file;
  const first = Math.floor(start / chunkSize);
  const last = Math.floor(end / chunkSize);
  const cursor = chunks()
    .find({ files_id: file._id, n: { $gte: first, $lte: last } })
    .sort({ n: 1 })
    .batchSize(CHUNKS_PER_READ);
  try {
    for await (const chunk of cursor) {
      const offset = chunk.n * chunkSize;
      const bytes = chunk.data.buffer;
      yield bytes.subarray(Math.max(0, start - offset), Math.min(bytes.length, end - offset + 1));
    }
  } finally {
    await cursor.close();
  }
}

/**
 * Frees a chunk's memory once it is written. The driver copies each chunk it reads into a buffer
 * of its own, which otherwise waits for the collector: twenty downloads at once piled up some 70 MB
 * of them between two collections. Detaching the buffer (transfer(0)) frees it at once; a buffer
 * of Node's shared pool (a message under 4 kB) holds others' bytes too and is left alone.
 */
function release(part: Uint8Array) {
  if (part.buffer instanceof ArrayBuffer && part.buffer.byteLength > Buffer.poolSize) part.buffer.transfer(0);
}

/**
 * Writes the parts to the answer in turn, each read only once the socket has taken the one
 * before, and freed once written; stops without a word when the client has left.
 */
async function sendBytes(res: Response, parts: AsyncIterable<Uint8Array>): Promise<void> {
  for await (const part of parts) {
    const written = await new Promise<boolean>((resolve) => res.write(part, (err) => resolve(!err)));
    if (!written) return;
    release(part);
  }
  res.end();
}

/** The files' index: a program's list, in upload order. */
export async function ensureResourceIndexes(): Promise<void> {
  await files().createIndex({ 'metadata.programId': 1, uploadDate: 1 });
}

const fileIssue = (message: string) => new HttpError(400, message, [{ path: 'file', message }]);

const shapeOf = (f: ResourceFile): PortalResource => ({
  id: f._id.toString(),
  title: f.metadata.title,
  contentType: f.metadata.contentType,
  bytes: f.length,
});

/** The files of the programs given, in upload order. */
export async function resourcesOf(programIds: string[]): Promise<(PortalResource & { programId: string })[]> {
  const rows = await files()
    .find({ 'metadata.programId': { $in: programIds } })
    .sort({ uploadDate: 1, _id: 1 })
    .toArray();
  return rows.map((f) => ({ ...shapeOf(f), programId: f.metadata.programId }));
}

/**
 * Reads the first bytes of a stream (enough for file-type to judge it) and gives them back with
 * the stream of the rest.
 */
async function headOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    length += chunk.length;
    if (length >= DETECTION_BYTES) break;
  }
  return Buffer.concat(chunks);
}

/**
 * Stores one uploaded file in GridFS as it arrives, never whole in memory: its type is judged from
 * its first bytes alone (never its name or the header the browser sent), and a file of another
 * type, or one longer than the limit, is refused with nothing left stored.
 */
async function storeFile(stream: Readable & { truncated?: boolean }, programId: string) {
  const head = await headOf(stream);
  const detected = await fileTypeFromBuffer(head);
  const contentType = detected && TYPE_OF_DETECTED[detected.ext];
  if (!contentType) {
    stream.resume();
    throw fileIssue(RESOURCE_TYPE_REFUSED);
  }
  const metadata: ResourceMetadata = { programId, title: '', contentType };
  const upload = bucket().openUploadStream(`${programId}-${Date.now()}`, { metadata });
  let bytes = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  counted.write(head);
  try {
    await pipeline(stream, counted, upload);
  } catch (err) {
    await upload.abort().catch(() => undefined);
    throw err;
  }
  // busboy stops a file at the limit and marks it truncated: what was stored goes.
  if (stream.truncated || bytes > RESOURCE_MAX_BYTES) {
    await bucket().delete(upload.id);
    throw fileIssue(RESOURCE_TOO_LARGE);
  }
  return { id: upload.id, contentType, bytes };
}

/**
 * POST /api/admin/programs/{programId}/resources: the multipart body's `file` and `title`, in
 * either order. A body declared over the limit is refused before it is read.
 */
export async function storeUpload(req: Request, programId: string): Promise<PortalResource> {
  if (Number(req.headers['content-length'] ?? 0) > RESOURCE_UPLOAD_MAX_BYTES) throw fileIssue(RESOURCE_TOO_LARGE);
  if (!req.is('multipart/form-data')) throw fileIssue('Send the file as multipart/form-data');
  const form = busboy({
    headers: req.headers,
    limits: { files: 1, fileSize: RESOURCE_MAX_BYTES, fields: 4, fieldSize: 4096 },
  });
  let title: unknown;
  let stored: ReturnType<typeof storeFile> | undefined;
  form.on('field', (name, value) => {
    if (name === 'title') title = value;
  });
  form.on('file', (name, stream) => {
    if (name !== 'file' || stored) return void stream.resume();
    stored = storeFile(stream, programId);
    stored.catch(() => undefined); // awaited below, once the body is read
  });
  try {
    await pipeline(req, form);
  } catch {
    if (stored) await stored.then(({ id }) => bucket().delete(id)).catch(() => undefined);
    throw fileIssue('The upload was cut off');
  }
  if (!stored) throw fileIssue('Choose a file');
  const file = await stored;
  let checkedTitle: string;
  try {
    checkedTitle = parse(resourceTitleSchema, title);
  } catch (err) {
    await bucket().delete(file.id);
    if (err instanceof HttpError) throw new HttpError(400, err.message, [{ path: 'title', message: err.message }]);
    throw err;
  }
  await files().updateOne({ _id: file.id }, { $set: { 'metadata.title': checkedTitle } });
  return { id: file.id.toString(), title: checkedTitle, contentType: file.contentType, bytes: file.bytes };
}

/** Removes a program's file; false when the program has no such file. */
export async function deleteResource(programId: string, id: string): Promise<boolean> {
  const file = await files().findOne({ _id: new mongoose.Types.ObjectId(id), 'metadata.programId': programId });
  if (!file) return false;
  await bucket().delete(file._id);
  return true;
}

/** A file's record, to check who may read it before it is sent. */
export const resourceFile = (id: string) => files().findOne({ _id: new mongoose.Types.ObjectId(id) });

/**
 * Sends a file as GridFS streams it, whole (200) or the one byte range asked for (206), so audio
 * seeks; a range past its end is 416. Several ranges that do not join into one are answered with
 * the whole file, as HTTP allows.
 */
export async function sendResource(req: Request, res: Response, file: ResourceFile): Promise<void> {
  const size = file.length;
  res.set({
    'Content-Type': file.metadata.contentType,
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'private, no-store, no-transform',
    'Content-Disposition': `inline; filename="${encodeURIComponent(file.metadata.title)}"`,
    'X-Content-Type-Options': 'nosniff',
  });
  // A malformed header (-2) is ignored: the whole file, as HTTP asks; ranges all past the end (-1) are 416.
  const ranges = req.headers.range ? rangeParser(size, req.headers.range, { combine: true }) : -2;
  if (ranges === -1) {
    res.status(416).set('Content-Range', `bytes */${size}`);
    res.json({ message: 'The range asked for is past the end of the file' });
    return;
  }
  const one = ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1 ? ranges[0] : undefined;
  if (one) {
    res.status(206);
    res.set({
      'Content-Range': `bytes ${one.start}-${one.end}/${size}`,
      'Content-Length': String(one.end - one.start + 1),
    });
  } else {
    res.status(200).set('Content-Length', String(size));
  }
  if (req.method === 'HEAD' || size === 0) {
    res.end();
    return;
  }
  await sendBytes(res, fileBytes(file, one?.start ?? 0, one?.end ?? size - 1));
}
