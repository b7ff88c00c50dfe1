import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@seamline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/databases.js';
import { freePort, serverEnv, startCompiled, waitHealthy } from '../../test/process.js';
import { RawConnection } from '../../test/raw-http.js';
import { multipartBody } from '../../test/uploads.js';

/*
 * A refused request whose body the server did not read to its end (a refused upload above all) must not wedge a
 * keep-alive connection: either the rest of the body is read and thrown away, so the next request on the connection is
 * answered, or the answer says `Connection: close` and the connection is closed after it. A real server process and a
 * raw socket, because only the wire shows what happens between two requests on one connection.
 */
const ADMIN = { email: 'uploads-admin@example.com', password: 'Uploads-admin-pass-1' };
/** How long the next request on the connection may take to be answered. */
const NEXT_ANSWER_MS = 1_000;
const MB = 1024 * 1024;

let port: number;
let server: ReturnType<typeof startCompiled>;
let database: Awaited<ReturnType<typeof freshDatabase>>;
let dataDir: string;
let auth: Record<string, string>;
let categoryId: string;

beforeAll(async () => {
  database = await freshDatabase({ migrated: true });
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'seamline-unread-body-'));
  port = await freePort();
  server = startCompiled(
    serverEnv(port, {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'web'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_MAX: '100000',
    }),
  );
  expect(await waitHealthy(port, server.child), server.output()).toBe(true);
  const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const token = ((await login.json()) as { data: { tokens: { accessToken: string } } }).data.tokens.accessToken;
  auth = { authorization: `Bearer ${token}` };
  const category = await fetch(`http://127.0.0.1:${port}/api/categories`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Outerwear' }),
  });
  categoryId = ((await category.json()) as { data: { category: { _id: string } } }).data.category._id;
}, 120_000);

afterAll(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const IMPORT_DRY_RUN = '/api/admin/products/import?dryRun=true';
const csvUpload = (data: Buffer | string) =>
  multipartBody([{ name: 'file', filename: 'products.csv', type: 'text/csv', data }]);

type Refused = { url: string; headers?: Record<string, string>; body: Buffer };
type Expected = { status: number; message?: string };

/** Sends a refused request on a new connection and reads its answer, which must say whether the connection stays. */
async function refuse(connection: RawConnection, request: Refused, expected: Expected, connectionHeader: string) {
  connection.send('POST', request.url, { ...auth, ...request.headers }, request.body);
  const refused = await connection.answer(30_000);
  expect([refused.status, refused.headers.connection]).toEqual([expected.status, connectionHeader]);
  if (expected.message) expect(JSON.parse(refused.body).message).toBe(expected.message);
}

/** The next request: the liveness check, which a briefly busy server (a refused file can cost it a moment) still answers. */
async function healthAnswered(connection: RawConnection) {
  connection.send('GET', '/api/health/live');
  const next = await connection.answer(NEXT_ANSWER_MS);
  expect([next.status, JSON.parse(next.body).data?.status], next.body).toEqual([200, 'ok']);
}

/** A refusal whose unread rest the server drains: the next request on the same connection is answered in time. */
async function refusedThenNext(request: Refused, expected: Expected) {
  const connection = await RawConnection.open(port);
  try {
    await refuse(connection, request, expected, 'keep-alive');
    await healthAnswered(connection);
  } finally {
    connection.close();
  }
}

/**
 * A refusal whose rest is more than the route takes: the answer (read whole, not lost to a reset) says
 * `Connection: close` and the server closes the connection in time; a new connection is served as usual.
 */
async function refusedAndClosed(request: Refused, expected: Expected) {
  const connection = await RawConnection.open(port);
  try {
    await refuse(connection, request, expected, 'close');
    expect(await connection.closedWithin(NEXT_ANSWER_MS)).toBe(true);
  } finally {
    connection.close();
  }
  const again = await RawConnection.open(port);
  try {
    await healthAnswered(again);
  } finally {
    again.close();
  }
}

describe('a refused CSV import keeps its connection usable', () => {
  it('200 KB of random bytes: 400, then the next request on the connection is answered', async () => {
    const { body, headers } = csvUpload(randomBytes(200 * 1024));
    await refusedThenNext({ url: IMPORT_DRY_RUN, headers, body }, { status: 400 });
  });

  it('a header of 100,000 columns: 400 not a readable CSV, then the next request is answered', async () => {
    const header = Array.from({ length: 100_000 }, (_, i) => `c${i}`).join(',');
    const { body, headers } = csvUpload(`${header}\nx\n`);
    await refusedThenNext({ url: IMPORT_DRY_RUN, headers, body }, { status: 400, message: IMPORT_MESSAGES.badCsv });
  });

  it('a single 20 MB field: 400 not a readable CSV, then the next request is answered', async () => {
    const { body, headers } = csvUpload(`${'x'.repeat(20 * MB)}\n`);
    await refusedThenNext({ url: IMPORT_DRY_RUN, headers, body }, { status: 400, message: IMPORT_MESSAGES.badCsv });
  });

  it('the same refusals from the import job (not a dry run)', async () => {
    const { body, headers } = csvUpload(randomBytes(200 * 1024));
    await refusedThenNext({ url: '/api/admin/products/import', headers, body }, { status: 400 });
  });

  it('not multipart (plain text, a stream of bytes): 415, then the next request is answered', async () => {
    const body = randomBytes(200 * 1024);
    for (const type of ['text/plain', 'application/octet-stream'])
      await refusedThenNext({ url: IMPORT_DRY_RUN, headers: { 'content-type': type }, body }, { status: 415 });
  });

  it('without a sign-in: 401, then the next request is answered', async () => {
    const { body, headers } = csvUpload(randomBytes(200 * 1024));
    await refusedThenNext({ url: IMPORT_DRY_RUN, headers: { ...headers, authorization: '' }, body }, { status: 401 });
  });

  it('declared past the size cap: 413 at once with Connection: close, and the connection is closed', async () => {
    const { headers } = csvUpload('');
    await refusedAndClosed(
      {
        url: IMPORT_DRY_RUN,
        headers: { ...headers, 'content-length': String(IMPORT_LIMITS.maxBytes + 2 * MB) },
        body: randomBytes(256 * 1024),
      },
      { status: 413, message: IMPORT_MESSAGES.tooLarge },
    );
  });
});

describe('refused image uploads keep their connection usable', () => {
  const image = (name: string, data: Buffer) =>
    multipartBody([{ name, filename: 'photo.png', type: 'image/png', data }]);

  const TOO_LARGE = { status: 413, message: 'Each image must be at most 5 MB' };

  it('a 5.5 MB picture among several: 413, then the next request on the connection is answered', async () => {
    const { body, headers } = image('images', randomBytes(5.5 * MB));
    await refusedThenNext({ url: '/api/images/upload-multiple', headers, body }, TOO_LARGE);
  });

  it('a single picture of 8 MB, more than the route takes: 413 with Connection: close, then closed', async () => {
    const { body, headers } = image('image', randomBytes(8 * MB));
    await refusedAndClosed({ url: '/api/upload', headers, body }, TOO_LARGE);
  });

  it('bytes that are no image: 415, then the next request is answered', async () => {
    const { body, headers } = image('images', randomBytes(200 * 1024));
    await refusedThenNext({ url: '/api/images/upload-multiple', headers, body }, { status: 415 });
  });

  it('a category picture of 8 MB: 413 with Connection: close, then closed', async () => {
    const { body, headers } = image('image', randomBytes(8 * MB));
    await refusedAndClosed({ url: `/api/categories/${categoryId}/image`, headers, body }, TOO_LARGE);
  });

  it('a multipart body sent to a JSON route: 400, then the next request is answered', async () => {
    const { body, headers } = image('image', randomBytes(200 * 1024));
    await refusedThenNext({ url: '/api/admin/coupons', headers, body }, { status: 400 });
  });
});
