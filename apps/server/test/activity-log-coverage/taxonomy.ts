import sharp from 'sharp';
import { brands, categories } from '../../src/db/schema/index.js';
import { call } from '../harness.js';
import type { CoverageContext, Scenario, ScenarioTable } from './types.js';

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#4f46e5' } })
    .png()
    .toBuffer();

/** A multipart body with one image file. */
export async function imageForm(field: string) {
  const boundary = `----coverage${Date.now().toString(16)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="pic.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    await png(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

type Kind = { resource: 'category' | 'brand'; path: string; item: string; picture: string };
const KINDS: Kind[] = [
  { resource: 'category', path: '/api/categories', item: 'category', picture: 'image' },
  { resource: 'brand', path: '/api/brands', item: 'brand', picture: 'logo' },
];

let seq = 0;
async function existing(ctx: CoverageContext, kind: Kind): Promise<string> {
  seq += 1;
  const table = kind.resource === 'category' ? categories : brands;
  const [row] = await ctx.app.db
    .insert(table)
    .values({ name: `Coverage ${kind.resource} ${seq} ${Date.now()}` })
    .returning();
  return row!.id;
}

/** Categories and brands (admin): create, edit, delete and picture upload. */
function scenariosFor(kind: Kind): ScenarioTable {
  const create: Scenario = async (ctx) => {
    const admin = await ctx.staff('admin');
    const name = `Coverage new ${kind.resource} ${Date.now()}`;
    return {
      call: () =>
        call(ctx.app, 'POST', kind.path, { token: admin.token, body: { name, description: 'Made by the test' } }),
      expected: (res) => ({
        userId: admin.user.id,
        action: 'create',
        resource: kind.resource,
        resourceId: (res.body as { data: Record<string, { id: string }> }).data[kind.item]!.id,
        changes: ['name'],
      }),
    };
  };
  const update: Scenario = async (ctx) => {
    const admin = await ctx.staff('admin');
    const id = await existing(ctx, kind);
    return {
      call: () =>
        call(ctx.app, 'PUT', `${kind.path}/${id}`, {
          token: admin.token,
          body: { name: `Renamed ${kind.resource} ${Date.now()}`, description: 'Changed' },
        }),
      expected: () => ({
        userId: admin.user.id,
        action: 'update',
        resource: kind.resource,
        resourceId: id,
        changes: ['name', 'description'],
      }),
    };
  };
  const remove: Scenario = async (ctx) => {
    const admin = await ctx.staff('admin');
    const id = await existing(ctx, kind);
    return {
      call: () => call(ctx.app, 'DELETE', `${kind.path}/${id}`, { token: admin.token }),
      expected: () => ({ userId: admin.user.id, action: 'delete', resource: kind.resource, resourceId: id }),
    };
  };
  const upload: Scenario = async (ctx) => {
    const admin = await ctx.staff('admin');
    const id = await existing(ctx, kind);
    const form = await imageForm(kind.picture);
    return {
      call: () =>
        call(ctx.app, 'POST', `${kind.path}/${id}/${kind.picture}`, {
          token: admin.token,
          body: form.body,
          headers: form.headers,
        }),
      expected: () => ({
        userId: admin.user.id,
        action: 'update',
        resource: kind.resource,
        resourceId: id,
        changes: [kind.picture],
      }),
    };
  };
  return {
    [`POST ${kind.path}`]: create,
    [`PUT ${kind.path}/:id`]: update,
    [`DELETE ${kind.path}/:id`]: remove,
    [`POST ${kind.path}/:id/${kind.picture}`]: upload,
  };
}

export const taxonomyScenarios: ScenarioTable = Object.assign({}, ...KINDS.map(scenariosFor));
