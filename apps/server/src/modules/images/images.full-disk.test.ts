import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';

// The disk fills up after the first rendition of an upload is written: writes fail the way Node reports a full
// device (ENOSPC). Everything else on the file system works as usual.
const disk = vi.hoisted(() => ({ full: false, written: 0 }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const writeFile: typeof actual.writeFile = async (file, data, options) => {
    if (disk.full && disk.written++ > 0)
      throw Object.assign(new Error(`ENOSPC: no space left on device, write '${String(file)}'`), {
        errno: -28,
        code: 'ENOSPC',
        syscall: 'write',
      });
    return actual.writeFile(file, data, options);
  };
  return { ...actual, default: { ...actual, writeFile }, writeFile };
});

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t.app, 'admin')).token;
});
afterAll(async () => t.close());

async function upload() {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0ea5e9' } })
    .png()
    .toBuffer();
  const boundary = '----seamline-full-disk';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return call(t.app, 'POST', '/api/upload', {
    token: admin,
    body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

describe('an upload when the disk is full', () => {
  it('answers 507 and logs it, and leaves no partial files', async () => {
    const logged = vi.spyOn(t.app.log, 'error');
    disk.full = true;
    const res = await upload();
    disk.full = false;
    expect(res.status).toBe(507);
    expect(res.body).toMatchObject({ success: false, code: 'INSUFFICIENT_STORAGE' });
    expect(JSON.stringify(res.body)).not.toMatch(/ENOSPC|\/tmp|uploads/);
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.objectContaining({ code: 'ENOSPC' }) }),
      expect.any(String),
    );
    const dir = path.join(t.config.uploadDir, 'products');
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
    // Once there is room again, the same upload works.
    expect((await upload()).status).toBe(200);
  });
});
