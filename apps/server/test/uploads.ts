import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../src/db/client.js';

/** A real PNG of the given size and colour. */
export const testPng = (color = '#4f46e5', width = 320, height = 240) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

/** A multipart body built by hand: parts of { name, filename?, type?, data }. */
export function multipartBody(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = '----seamline-upload-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
      ),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The multipart body of a two-picture product upload (`POST /api/images/upload-multiple`). */
export async function twoProductImages() {
  return multipartBody([
    { name: 'images', filename: 'a.png', type: 'image/png', data: await testPng() },
    { name: 'images', filename: 'b.png', type: 'image/png', data: await testPng('#16a34a') },
  ]);
}

/**
 * Makes every activity-log write fail until the returned function is called: the database part of an upload
 * (which always writes one) then fails after its files were stored.
 */
export async function failActivityLogWrites(db: Db): Promise<() => Promise<void>> {
  await db.execute(sql`
    CREATE OR REPLACE FUNCTION test_refuse_activity() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'activity log refused by the test'; END $$`);
  await db.execute(sql`
    CREATE TRIGGER test_refuse_activity BEFORE INSERT ON activity_logs
    FOR EACH ROW EXECUTE FUNCTION test_refuse_activity()`);
  return async () => {
    await db.execute(sql`DROP TRIGGER test_refuse_activity ON activity_logs`);
  };
}
