import { existsSync } from 'node:fs';
import path from 'node:path';
import { PAGE_SIZES } from '@seamline/shared';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { activityLogs } from '../../db/schema/index.js';

/**
 * Behaviour categories and brands share (the specification): CRUD, case-insensitive unique names,
 * delete refused while products use it, picture upload, access, malformed ids, search and paging.
 */
const KINDS = [
  {
    resource: 'category',
    path: '/api/categories',
    item: 'category',
    list: 'categories',
    picture: 'image',
    uploadField: 'image',
    noun: 'Category',
    productKey: 'categoryId',
  },
  {
    resource: 'brand',
    path: '/api/brands',
    item: 'brand',
    list: 'brands',
    picture: 'logo',
    uploadField: 'logo',
    noun: 'Brand',
    productKey: 'brandId',
  },
] as const;

const png = (color = '#4f46e5') =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: color } })
    .png()
    .toBuffer();

/** A multipart/form-data body with one file field (and optional text fields). */
function multipart(field: string, file: Buffer, filename: string, type: string, fields: Record<string, string> = {}) {
  const boundary = `----seamline${Date.now().toString(16)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(KINDS)('$path', (kind) => {
  let t: TestApp;
  let admin: string;
  let seq = 0;
  const uniqueName = (stem = 'Item') => `${stem} ${kind.noun} ${++seq}`;
  const create = async (name = uniqueName(), extra: Record<string, unknown> = {}) => {
    const res = await call(t.app, 'POST', kind.path, { token: admin, body: { name, description: 'Plain', ...extra } });
    expect(res.status).toBe(201);
    return res.body.data[kind.item];
  };
  const upload = (id: string, file: Buffer, filename = 'pic.png', type = 'image/png', fields = {}) => {
    const form = multipart(kind.uploadField, file, filename, type, fields);
    return t.app.inject({
      method: 'POST',
      url: `${kind.path}/${id}/${kind.picture}`,
      headers: { authorization: `Bearer ${admin}`, ...form.headers },
      payload: form.body,
    });
  };
  const onDisk = (url: string) => existsSync(path.join(t.config.uploadDir, url.replace('/uploads/', '')));
  const logsFor = (id: string) =>
    t.app.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.resource, kind.resource), eq(activityLogs.resourceId, id)));

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedIn(t.app, 'admin')).token;
  });
  afterAll(async () => t.close());

  it('creates, reads, updates and deletes, logging each write with before/after', async () => {
    const created = await create('Outerwear Co');
    expect(created).toMatchObject({
      name: 'Outerwear Co',
      description: 'Plain',
      productCount: 0,
      [kind.picture]: null,
    });
    expect(created._id).toMatch(/^[0-9a-f]{24}$/);
    expect(created.id).toBe(created._id);
    expect(Date.parse(created.createdAt)).not.toBeNaN();

    const read = await call(t.app, 'GET', `${kind.path}/${created._id}`);
    expect(read.status).toBe(200);
    expect(read.body.data[kind.item]).toMatchObject({ _id: created._id, name: 'Outerwear Co' });

    const updated = await call(t.app, 'PUT', `${kind.path}/${created._id}`, {
      token: admin,
      body: { name: 'Outerwear Company', description: 'Coats and jackets' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe(`${kind.noun} updated successfully`);
    expect(updated.body.data[kind.item]).toMatchObject({ name: 'Outerwear Company', description: 'Coats and jackets' });

    const removed = await call(t.app, 'DELETE', `${kind.path}/${created._id}`, { token: admin });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Outerwear Company deleted successfully');
    expect((await call(t.app, 'GET', `${kind.path}/${created._id}`)).status).toBe(404);

    const logs = await logsFor(created._id);
    expect(logs.map((l) => l.action).sort()).toEqual(['create', 'delete', 'update']);
    const update = logs.find((l) => l.action === 'update')!;
    expect(update.details).toMatchObject({
      changes: {
        name: { before: 'Outerwear Co', after: 'Outerwear Company' },
        description: { before: 'Plain', after: 'Coats and jackets' },
      },
    });
    expect(logs.find((l) => l.action === 'delete')!.details).toMatchObject({ before: { name: 'Outerwear Company' } });
  });

  it('answers the create message and leaves unchanged fields alone on a partial update', async () => {
    const res = await call(t.app, 'POST', kind.path, { token: admin, body: { name: `  ${uniqueName('Trim')}  ` } });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(`${kind.noun} added successfully`);
    expect(res.body.data[kind.item].name).not.toMatch(/^\s|\s$/);
    expect(res.body.data[kind.item].description).toBe('');
    const id = res.body.data[kind.item]._id;
    const same = await call(t.app, 'PUT', `${kind.path}/${id}`, { token: admin, body: { description: 'Only this' } });
    expect(same.body.data[kind.item]).toMatchObject({ name: res.body.data[kind.item].name, description: 'Only this' });
    const before = (await logsFor(id)).length;
    await call(t.app, 'PUT', `${kind.path}/${id}`, { token: admin, body: { description: 'Only this' } });
    expect((await logsFor(id)).length).toBe(before);
  });

  it('keeps names unique case-insensitively (409) on create and on rename', async () => {
    const first = await create('Northwind Supply');
    const duplicate = await call(t.app, 'POST', kind.path, { token: admin, body: { name: 'NORTHWIND supply' } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({
      success: false,
      code: 'DUPLICATE_NAME',
      error: `A ${kind.resource} named "NORTHWIND supply" already exists`,
    });
    const other = await create('Southwind Supply');
    const rename = await call(t.app, 'PUT', `${kind.path}/${other._id}`, {
      token: admin,
      body: { name: 'northwind SUPPLY' },
    });
    expect(rename.status).toBe(409);
    const recase = await call(t.app, 'PUT', `${kind.path}/${first._id}`, {
      token: admin,
      body: { name: 'NorthWind Supply' },
    });
    expect(recase.status).toBe(200);
    expect(recase.body.data[kind.item].name).toBe('NorthWind Supply');
  });

  it('gives the same 409 to two simultaneous creates of one name', async () => {
    const results = await Promise.all(
      [1, 2].map(() => call(t.app, 'POST', kind.path, { token: admin, body: { name: 'Racing Stripe' } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('refuses to delete while products use it, naming how many, and counts them in reads', async () => {
    const used = await create('Heritage Wear');
    for (let i = 0; i < 2; i++) await buildProduct(t.app.db, { [kind.productKey]: used._id });
    const res = await call(t.app, 'DELETE', `${kind.path}/${used._id}`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(`Cannot delete "Heritage Wear": 2 products use this ${kind.resource}`);
    expect(res.body.code).toBe('IN_USE');
    const read = await call(t.app, 'GET', `${kind.path}/${used._id}`);
    expect(read.body.data[kind.item].productCount).toBe(2);
    const listed = await call(t.app, 'GET', `${kind.path}?search=Heritage`);
    expect(listed.body.data[kind.list][0].productCount).toBe(2);

    const single = await create('Solo Wear');
    await buildProduct(t.app.db, { [kind.productKey]: single._id });
    const one = await call(t.app, 'DELETE', `${kind.path}/${single._id}`, { token: admin });
    expect(one.body.error).toBe(`Cannot delete "Solo Wear": 1 product uses this ${kind.resource}`);
  });

  it('never deletes one that a product is being added to at the same moment', async () => {
    for (let round = 0; round < 3; round++) {
      const item = await create();
      const [product, removal] = await Promise.allSettled([
        buildProduct(t.app.db, { [kind.productKey]: item._id }),
        call(t.app, 'DELETE', `${kind.path}/${item._id}`, { token: admin }),
      ]);
      const deleted = removal.status === 'fulfilled' && removal.value.status === 200;
      // Either the product landed and the delete was refused, or the delete won and the product was refused.
      expect(deleted).toBe(product.status === 'rejected');
      if (!deleted) expect(removal.status === 'fulfilled' && removal.value.status).toBe(409);
    }
  });

  it(`stores an uploaded ${kind.picture} in three renditions, replaces it and removes the old files`, async () => {
    const item = await create();
    const first = await upload(item._id, await png(), 'first.png', 'image/png', { alt: 'Front view' });
    expect(first.statusCode).toBe(200);
    const picture = first.json().data[kind.picture];
    expect(picture).toEqual({
      original: expect.stringMatching(new RegExp(`^/uploads/${kind.list}/[0-9a-f]{24}\\.png$`)),
      webp: expect.stringMatching(/\.webp$/),
      thumbnail: expect.stringMatching(/-thumb\.webp$/),
      alt: 'Front view',
    });
    expect(first.json().data[kind.item][kind.picture]).toEqual(picture);
    expect(onDisk(picture.original) && onDisk(picture.webp) && onDisk(picture.thumbnail)).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: picture.thumbnail });
    expect(served.statusCode).toBe(200);

    const second = await upload(item._id, await png('#16a34a'));
    expect(second.statusCode).toBe(200);
    const replacement = second.json().data[kind.picture];
    expect(replacement.alt).toBe(item.name);
    expect(onDisk(replacement.original)).toBe(true);
    expect([picture.original, picture.webp, picture.thumbnail].some(onDisk)).toBe(false);
    const logs = await logsFor(item._id);
    expect(logs.filter((l) => l.action === 'update')).toHaveLength(2);

    const removed = await call(t.app, 'DELETE', `${kind.path}/${item._id}`, { token: admin });
    expect(removed.status).toBe(200);
    expect(onDisk(replacement.original)).toBe(false);
  });

  it(`lets an update change the ${kind.picture} alt text or remove it, but never point it at other files`, async () => {
    const item = await create();
    const picture = (await upload(item._id, await png())).json().data[kind.picture];
    const alt = await call(t.app, 'PUT', `${kind.path}/${item._id}`, {
      token: admin,
      body: { [kind.picture]: { ...picture, alt: 'New alt' } },
    });
    expect(alt.status).toBe(200);
    expect(alt.body.data[kind.item][kind.picture]).toEqual({ ...picture, alt: 'New alt' });
    const foreign = await call(t.app, 'PUT', `${kind.path}/${item._id}`, {
      token: admin,
      body: { [kind.picture]: { ...picture, original: 'https://evil.example/x.png' } },
    });
    expect(foreign.status).toBe(400);
    const cleared = await call(t.app, 'PUT', `${kind.path}/${item._id}`, {
      token: admin,
      body: { [kind.picture]: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data[kind.item][kind.picture]).toBeNull();
    expect(onDisk(picture.original)).toBe(false);
  });

  it('refuses uploads that are not images (415), missing files (400) and unknown ids (404)', async () => {
    const item = await create();
    const text = await upload(item._id, Buffer.from('just some text, not a picture'), 'notes.png', 'image/png');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const json = await call(t.app, 'POST', `${kind.path}/${item._id}/${kind.picture}`, {
      token: admin,
      body: { url: 'x' },
    });
    expect(json.status).toBe(415);
    const form = multipart('other', await png(), 'a.png', 'image/png');
    const wrongField = await t.app.inject({
      method: 'POST',
      url: `${kind.path}/${item._id}/${kind.picture}`,
      headers: { authorization: `Bearer ${admin}`, ...form.headers },
      payload: form.body,
    });
    expect(wrongField.statusCode).toBe(400);
    const missing = await upload('0123456789abcdef01234567', await png());
    expect(missing.statusCode).toBe(404);
    expect((await call(t.app, 'GET', `${kind.path}/${item._id}`)).body.data[kind.item][kind.picture]).toBeNull();
  });

  it('answers 404 for unknown ids and 400 with the spec wording for malformed ones', async () => {
    const unknown = '0123456789abcdef01234567';
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { description: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(t.app, method, `${kind.path}/${unknown}`, { token: admin, body });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe(`${kind.noun} not found`);
    }
    const short = await call(t.app, 'GET', `${kind.path}/abc`);
    expect(short.status).toBe(400);
    expect(short.body.error).toBe(`Invalid ${kind.resource} ID format. Expected 24 characters, got 3`);
    const notHex = await call(t.app, 'DELETE', `${kind.path}/zzzzzzzzzzzzzzzzzzzzzzzz`, { token: admin });
    expect(notHex.status).toBe(400);
    expect(notHex.body.error).toBe('Expected 24-character hexadecimal string.');
  });

  it('lets anyone read but only admins write (moderator, support, customer 403; anonymous 401)', async () => {
    const item = await create();
    expect((await call(t.app, 'GET', kind.path)).status).toBe(200);
    expect((await call(t.app, 'GET', `${kind.path}/${item._id}`)).status).toBe(200);
    for (const role of ['moderator', 'support', 'customer'] as const) {
      const { token } = await signedIn(t.app, role);
      expect((await call(t.app, 'GET', kind.path, { token })).status).toBe(200);
      const writes = [
        await call(t.app, 'POST', kind.path, { token, body: { name: uniqueName() } }),
        await call(t.app, 'PUT', `${kind.path}/${item._id}`, { token, body: { name: uniqueName() } }),
        await call(t.app, 'DELETE', `${kind.path}/${item._id}`, { token }),
        await call(t.app, 'POST', `${kind.path}/${item._id}/${kind.picture}`, { token }),
      ];
      expect(writes.map((r) => r.status)).toEqual([403, 403, 403, 403]);
    }
    const anonymous = await call(t.app, 'POST', kind.path, { body: { name: uniqueName() } });
    expect(anonymous.status).toBe(401);
    expect((await call(t.app, 'GET', `${kind.path}/${item._id}`)).body.data[kind.item].name).toBe(item.name);
  });

  it('pages by 9 by default, searches name and description as plain text, newest first', async () => {
    const fresh = await createTestApp();
    try {
      const token = (await signedIn(fresh.app, 'admin')).token;
      for (let i = 1; i <= 11; i++) {
        const body = { name: `Paged ${String(i).padStart(2, '0')}`, description: i === 3 ? 'Has 100%_cotton' : '' };
        expect((await call(fresh.app, 'POST', kind.path, { token, body })).status).toBe(201);
      }
      const first = await call(fresh.app, 'GET', kind.path);
      expect(first.body.data[kind.list]).toHaveLength(PAGE_SIZES.categories);
      expect(first.body.data.pagination).toEqual({
        page: 1,
        limit: 9,
        total: 11,
        pages: 2,
        totalPages: 2,
        exact: true,
      });
      expect(first.body.data[kind.list][0].name).toBe('Paged 11');
      const second = await call(fresh.app, 'GET', `${kind.path}?page=2`);
      expect(second.body.data[kind.list].map((c: { name: string }) => c.name)).toEqual(['Paged 02', 'Paged 01']);
      const byName = await call(fresh.app, 'GET', `${kind.path}?sortBy=name&sortOrder=asc&limit=2`);
      expect(byName.body.data[kind.list].map((c: { name: string }) => c.name)).toEqual(['Paged 01', 'Paged 02']);
      const search = await call(fresh.app, 'GET', `${kind.path}?search=${encodeURIComponent('paged 1')}`);
      expect(search.body.data[kind.list].map((c: { name: string }) => c.name).sort()).toEqual(['Paged 10', 'Paged 11']);
      const literal = await call(fresh.app, 'GET', `${kind.path}?search=${encodeURIComponent('0%_c')}`);
      expect(literal.body.data[kind.list].map((c: { name: string }) => c.name)).toEqual(['Paged 03']);
      const wildcard = await call(fresh.app, 'GET', `${kind.path}?search=${encodeURIComponent('%')}`);
      expect(wildcard.body.data[kind.list].map((c: { name: string }) => c.name)).toEqual(['Paged 03']);
      const none = await call(fresh.app, 'GET', `${kind.path}?search=nothing-like-this`);
      expect(none.body.data[kind.list]).toEqual([]);
      expect(none.body.data.pagination.totalPages).toBe(1);
    } finally {
      await fresh.close();
    }
  });

  it('answers bad bodies and queries with 400, never 500', async () => {
    const item = await create();
    const cases = [
      await call(t.app, 'POST', kind.path, { token: admin, body: { name: 42 } }),
      await call(t.app, 'POST', kind.path, { token: admin, body: [] }),
      await call(t.app, 'POST', kind.path, { token: admin, body: { name: 'Valid name', description: { $gt: '' } } }),
      await call(t.app, 'PUT', `${kind.path}/${item._id}`, { token: admin, body: { [kind.picture]: 'x' } }),
      await call(t.app, 'GET', `${kind.path}?page=0`),
      await call(t.app, 'GET', `${kind.path}?limit=0`),
      await call(t.app, 'GET', `${kind.path}?sortBy=password`),
      await call(t.app, 'GET', `${kind.path}?search=${'x'.repeat(101)}`),
    ];
    expect(cases.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400, 400, 400]);
    const malformed = await t.app.inject({
      method: 'POST',
      url: kind.path,
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(400);
  });
});
