import { call } from '../harness.js';
import { type CoverageContext, dataOf, type ScenarioTable } from './types.js';

let seq = 0;
const locationBody = () => {
  seq += 1;
  return { name: `Coverage shop ${seq}`, kind: 'shop', address: '', shipsOnline: false, pickup: true };
};

type Located = { location: { _id: string } };

/** A location added by an admin through the API (its own create row is written before the snapshot). */
async function existingLocation(ctx: CoverageContext, token: string): Promise<string> {
  const response = await call(ctx.app, 'POST', '/api/admin/locations', { token, body: locationBody() });
  return dataOf<Located>(response).location._id;
}

/** Stock locations: admins add, edit, order and (de)activate them. */
export const locationsScenarios: ScenarioTable = {
  'POST /api/admin/locations': async (ctx) => {
    const admin = await ctx.staff('admin');
    const body = locationBody();
    return {
      call: () => call(ctx.app, 'POST', '/api/admin/locations', { token: admin.token, body }),
      expected: (res) => ({
        userId: admin.user.id,
        action: 'create',
        resource: 'location',
        resourceId: dataOf<Located>(res).location._id,
        changes: ['name', 'kind'],
      }),
    };
  },
  'PUT /api/admin/locations/:id': async (ctx) => {
    const admin = await ctx.staff('admin');
    const id = await existingLocation(ctx, admin.token);
    const body = { ...locationBody(), address: '2 Market Street', shipsOnline: true };
    return {
      call: () => call(ctx.app, 'PUT', `/api/admin/locations/${id}`, { token: admin.token, body }),
      expected: () => ({
        userId: admin.user.id,
        action: 'update',
        resource: 'location',
        resourceId: id,
        changes: ['name', 'address', 'shipsOnline'],
      }),
    };
  },
  'PUT /api/admin/locations/order': async (ctx) => {
    const admin = await ctx.staff('admin');
    await existingLocation(ctx, admin.token);
    const listed = await call(ctx.app, 'GET', '/api/admin/locations', { token: admin.token });
    const ids = dataOf<{ locations: { _id: string; active: boolean }[] }>(listed)
      .locations.filter((location) => location.active)
      .map((location) => location._id)
      .reverse();
    return {
      call: () => call(ctx.app, 'PUT', '/api/admin/locations/order', { token: admin.token, body: { ids } }),
      expected: () => ({ userId: admin.user.id, action: 'reorder', resource: 'location', resourceId: null }),
    };
  },
  'POST /api/admin/locations/:id/deactivate': async (ctx) => {
    const admin = await ctx.staff('admin');
    const id = await existingLocation(ctx, admin.token);
    return {
      call: () => call(ctx.app, 'POST', `/api/admin/locations/${id}/deactivate`, { token: admin.token }),
      expected: () => ({
        userId: admin.user.id,
        action: 'deactivate',
        resource: 'location',
        resourceId: id,
        changes: ['active'],
      }),
    };
  },
  'POST /api/admin/locations/:id/activate': async (ctx) => {
    const admin = await ctx.staff('admin');
    const id = await existingLocation(ctx, admin.token);
    await call(ctx.app, 'POST', `/api/admin/locations/${id}/deactivate`, { token: admin.token });
    return {
      call: () => call(ctx.app, 'POST', `/api/admin/locations/${id}/activate`, { token: admin.token }),
      expected: () => ({
        userId: admin.user.id,
        action: 'activate',
        resource: 'location',
        resourceId: id,
        changes: ['active'],
      }),
    };
  },
};
