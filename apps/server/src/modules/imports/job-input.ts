import { Readable, Transform } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { jobInputChunks } from '../../db/schema/index.js';

/** Bytes per stored chunk: an upload holds at most about this much in memory while it streams to the database. */
const CHUNK_BYTES = 1024 * 1024;

/** An upload that wrote no chunk for this long, and never became a job, was abandoned (its process died). */
const ABANDONED_AFTER = sql`interval '1 hour'`;

/**
 * A pass-through that stores the bytes flowing through it as the job's input, in chunks of 1 MB. Each write is
 * awaited before more bytes pass, so a slow database slows the upload down instead of piling it up in memory.
 * `settled()` waits for a write still in flight when the stream was torn down (before its chunks are deleted).
 */
export function storeInput(db: Db, jobId: string): { stream: Transform; settled(): Promise<void> } {
  let pending: Buffer = Buffer.alloc(0);
  let seq = 0;
  let writing: Promise<void> = Promise.resolve();
  const write = (data: Buffer) => {
    writing = db
      .insert(jobInputChunks)
      .values({ jobId, seq: seq++, data })
      .then(() => undefined);
    return writing;
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      if (pending.length < CHUNK_BYTES) return done(null, chunk);
      (async () => {
        // The stream's own pieces may be larger than a chunk (a whole small file at once): cut them to size.
        while (pending.length >= CHUNK_BYTES && !stream.destroyed) {
          const full = pending.subarray(0, CHUNK_BYTES);
          pending = pending.subarray(CHUNK_BYTES);
          await write(full);
        }
      })().then(() => done(null, chunk), done);
    },
    flush(done) {
      if (pending.length === 0) return done();
      write(pending).then(() => done(), done);
    },
  });
  const settled = async (): Promise<void> => {
    const last = writing;
    await last.catch(() => undefined);
    if (last !== writing) return settled();
  };
  return { stream, settled };
}

/** The job's stored input as a byte stream, read one chunk at a time. */
export function storedInput(db: Db, jobId: string): Readable {
  async function* chunks() {
    for (let seq = 0; ; seq++) {
      const [chunk] = await db
        .select({ data: jobInputChunks.data })
        .from(jobInputChunks)
        .where(and(eq(jobInputChunks.jobId, jobId), eq(jobInputChunks.seq, seq)));
      if (!chunk) return;
      yield chunk.data;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

export async function deleteInput(db: DbOrTx, jobId: string): Promise<void> {
  await db.delete(jobInputChunks).where(eq(jobInputChunks.jobId, jobId));
}

/** Chunks of uploads whose process died before the job row was written. */
export async function sweepAbandonedUploads(db: Db): Promise<void> {
  await db.execute(sql`
    DELETE FROM job_input_chunks WHERE job_id IN (
      SELECT c.job_id FROM job_input_chunks c
      WHERE NOT EXISTS (SELECT 1 FROM jobs j WHERE j.id = c.job_id)
      GROUP BY c.job_id HAVING max(c.created_at) < now() - ${ABANDONED_AFTER}
    )`);
}
