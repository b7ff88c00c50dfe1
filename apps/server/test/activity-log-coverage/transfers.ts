import { buildProduct } from '../factories.js';
import { call } from '../harness.js';
import { type CoverageContext, dataOf, type Scenario, type ScenarioTable } from './types.js';

let seq = 0;
type Transfer = { transfer: { _id: string; lines: { id: string }[] } };
type Located = { location: { _id: string } };

/** A second location (added by an admin: its own row is written before the snapshot). */
export async function secondLocation(ctx: CoverageContext, token: string): Promise<string> {
  seq += 1;
  const response = await call(ctx.app, 'POST', '/api/admin/locations', {
    token,
    body: { name: `Coverage depot ${seq}`, kind: 'warehouse', shipsOnline: true, pickup: false },
  });
  return dataOf<Located>(response).location._id;
}

/** A draft transfer of 2 units of a fresh product from the default location to a new one (added by an admin). */
async function draft(ctx: CoverageContext, token: string) {
  const { product } = await buildProduct(ctx.app.db, {}, [{ size: 'M', color: 'Black', quantity: 10 }]);
  const to = await secondLocation(ctx, (await ctx.staff('admin')).token);
  // The starting stock is at the first location by priority (another scenario may have reordered them).
  const stock = await call(ctx.app, 'GET', `/api/admin/products/${product.id}/inventory`, { token });
  const [held] = dataOf<{ variants: { levels: { locationId: string; quantity: number }[] }[] }>(
    stock,
  ).variants[0]!.levels.filter((level) => level.quantity > 0);
  const body = {
    fromLocationId: held!.locationId,
    toLocationId: to,
    lines: [{ productId: product.id, size: 'M', color: 'Black', quantity: 2 }],
  };
  const created = await call(ctx.app, 'POST', '/api/admin/transfers', { token, body });
  return { body, transfer: dataOf<Transfer>(created).transfer };
}

/** A step on an existing transfer by a moderator: one row with the step's action. */
function step(action: string, path: string, prepare: 'draft' | 'shipped', body?: (lineId: string) => unknown) {
  const scenario: Scenario = async (ctx) => {
    const moderator = await ctx.staff('moderator');
    const { transfer } = await draft(ctx, moderator.token);
    if (prepare === 'shipped')
      await call(ctx.app, 'POST', `/api/admin/transfers/${transfer._id}/ship`, { token: moderator.token });
    return {
      call: () =>
        call(ctx.app, 'POST', `/api/admin/transfers/${transfer._id}/${path}`, {
          token: moderator.token,
          body: body?.(transfer.lines[0]!.id),
        }),
      expected: () => ({ userId: moderator.user.id, action, resource: 'transfer', resourceId: transfer._id }),
    };
  };
  return scenario;
}

/** Stock transfers between locations: every step is one row. */
export const transfersScenarios: ScenarioTable = {
  'POST /api/admin/transfers': async (ctx) => {
    const admin = await ctx.staff('admin');
    const { body } = await draft(ctx, admin.token);
    return {
      call: () => call(ctx.app, 'POST', '/api/admin/transfers', { token: admin.token, body }),
      expected: (res) => ({
        userId: admin.user.id,
        action: 'create',
        resource: 'transfer',
        resourceId: dataOf<Transfer>(res).transfer._id,
      }),
    };
  },
  'PUT /api/admin/transfers/:id': async (ctx) => {
    const admin = await ctx.staff('admin');
    const { body, transfer } = await draft(ctx, admin.token);
    const edited = { ...body, note: 'Two more for the window', lines: [{ ...body.lines[0]!, quantity: 4 }] };
    return {
      call: () => call(ctx.app, 'PUT', `/api/admin/transfers/${transfer._id}`, { token: admin.token, body: edited }),
      expected: () => ({ userId: admin.user.id, action: 'update', resource: 'transfer', resourceId: transfer._id }),
    };
  },
  'POST /api/admin/transfers/:id/ship': step('ship', 'ship', 'draft'),
  'POST /api/admin/transfers/:id/receive': step('receive', 'receive', 'shipped', (lineId) => ({
    lines: [{ lineId, quantity: 2 }],
  })),
  'POST /api/admin/transfers/:id/cancel': step('cancel', 'cancel', 'shipped'),
};
