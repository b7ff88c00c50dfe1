import { LOCATION_MESSAGES, TRANSFER_MESSAGES } from '@seamline/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct } from '../../../test/factories.js';
import { call } from '../../../test/harness.js';
import { orderBody } from '../../../test/orders.js';
import {
  admin,
  closed,
  closeTransferStore,
  create,
  customer,
  draft,
  lineOf,
  moderator,
  openTransferStore,
  receive,
  shop,
  step,
  stocked,
  stockOf,
  support,
  t,
  WAREHOUSE,
} from '../../../test/transfers.js';
import { queryRows } from '../../db/client.js';
import {
  activityLogs,
  inventoryLevels,
  inventoryMovements,
  stockLocations,
  stockTransfers,
} from '../../db/schema/index.js';
import { eventsAfter, outboxMark } from '../../events-coverage/outbox.js';

beforeAll(openTransferStore);
afterAll(closeTransferStore);

describe('stock transfers: draft → in transit → received', () => {
  it('moves units out at shipping and in at each receipt, levels and variant totals following', async () => {
    const { product, ids } = await stocked({ 'M/Black': 10, 'L/Black': 6 }, 'Transfer Tee');
    const mark = await outboxMark(t.app);

    // Size and colour are matched ignoring case, and kept as the variant spells them.
    const res = await create(moderator, {
      fromLocationId: WAREHOUSE,
      toLocationId: shop,
      note: 'Restock the shop',
      lines: [
        { productId: product.id, size: 'm', color: 'black', quantity: 4 },
        { productId: product.id, size: 'L', color: 'Black', quantity: 6 },
      ],
    });
    expect(res.status).toBe(201);
    const transfer = res.body.data.transfer;
    expect(transfer).toMatchObject({
      status: 'draft',
      from: { id: WAREHOUSE, name: 'Warehouse' },
      to: { id: shop, name: 'City Shop' },
      note: 'Restock the shop',
      lineCount: 2,
      units: 10,
      receivedUnits: 0,
      shippedAt: null,
    });
    expect(transfer.number).toMatch(/^TR-\d{6}$/);
    expect(transfer.lines.map((l: { size: string; color: string }) => `${l.size}/${l.color}`).sort()).toEqual([
      'L/Black',
      'M/Black',
    ]);
    // A draft moves nothing.
    expect(await stockOf(ids['M/Black']!)).toEqual({ warehouse: [10, 0], shop: null, total: [10, 0] });

    const shipped = await step(transfer.id, 'ship');
    expect(shipped.status).toBe(200);
    expect(shipped.body.data.transfer).toMatchObject({ status: 'in_transit' });
    expect(shipped.body.data.transfer.shippedAt).not.toBeNull();
    // In transit: at no location, in no total.
    expect(await stockOf(ids['M/Black']!)).toEqual({ warehouse: [6, 0], shop: null, total: [6, 0] });
    expect(await stockOf(ids['L/Black']!)).toEqual({ warehouse: [0, 0], shop: null, total: [0, 0] });
    const again = await step(transfer.id, 'ship');
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(TRANSFER_MESSAGES.notDraft);

    const m = lineOf(transfer, 'M');
    const l = lineOf(transfer, 'L');
    const partial = await receive(transfer.id, [{ lineId: m, quantity: 3 }]);
    expect(partial.status).toBe(200);
    expect(partial.body.data.transfer).toMatchObject({ status: 'in_transit', receivedUnits: 3 });
    expect(await stockOf(ids['M/Black']!)).toEqual({ warehouse: [6, 0], shop: [3, 0], total: [9, 0] });

    const tooMany = await receive(transfer.id, [
      { lineId: l, quantity: 6 },
      { lineId: m, quantity: 2 },
    ]);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe('Only 1 units of Transfer Tee (M/Black) are still expected');
    expect(await stockOf(ids['L/Black']!)).toEqual({ warehouse: [0, 0], shop: null, total: [0, 0] });
    const support403 = await receive(transfer.id, [{ lineId: l, quantity: 1 }], support);
    expect(support403.status).toBe(403);

    const rest = await receive(transfer.id, [
      { lineId: m, quantity: 1 },
      { lineId: l, quantity: 6 },
    ]);
    expect(rest.status).toBe(200);
    expect(rest.body.data.transfer).toMatchObject({ status: 'received', receivedUnits: 10 });
    expect(rest.body.data.transfer.receivedAt).not.toBeNull();
    expect(await stockOf(ids['M/Black']!)).toEqual({ warehouse: [6, 0], shop: [4, 0], total: [10, 0] });
    expect(await stockOf(ids['L/Black']!)).toEqual({ warehouse: [0, 0], shop: [6, 0], total: [6, 0] });
    expect((await receive(transfer.id, [{ lineId: m, quantity: 1 }])).status).toBe(409);
    const late = await step(transfer.id, 'cancel');
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(TRANSFER_MESSAGES.closed);

    // Every step is a movement at the location it touches, named after the transfer.
    const moves = await t.app.db
      .select()
      .from(inventoryMovements)
      .where(
        and(
          eq(inventoryMovements.inventoryId, ids['M/Black']!),
          inArray(inventoryMovements.operation, ['transfer_out', 'transfer_in']),
        ),
      );
    expect(moves.map((mv) => [mv.operation, mv.locationId, mv.quantity, mv.reason]).sort()).toEqual(
      [
        ['transfer_out', WAREHOUSE, 4, `Transfer ${transfer.number}`],
        ['transfer_in', shop, 3, `Transfer ${transfer.number}`],
        ['transfer_in', shop, 1, `Transfer ${transfer.number}`],
      ].sort(),
    );
    const logs = await t.app.db.select().from(activityLogs).where(eq(activityLogs.resourceId, transfer.id));
    expect(logs.map((log) => [log.resource, log.action]).sort()).toEqual(
      [
        ['transfer', 'create'],
        ['transfer', 'ship'],
        ['transfer', 'receive'],
        ['transfer', 'receive'],
      ].sort(),
    );
    const events = await eventsAfter(t.app, mark, [
      'transfer.created',
      'transfer.shipped',
      'transfer.received',
      'transfer.cancelled',
    ]);
    expect(events.map((e) => [e.type, e.objectId, e.data.status])).toEqual([
      ['transfer.created', transfer.id, 'draft'],
      ['transfer.shipped', transfer.id, 'in_transit'],
      ['transfer.received', transfer.id, 'in_transit'],
      ['transfer.received', transfer.id, 'received'],
    ]);
    expect(events[2]!.data.receipt).toEqual([{ lineId: m, quantity: 3 }]);

    const one = await call(t.app, 'GET', `/api/admin/transfers/${transfer.id}`, { token: support });
    expect(one.status).toBe(200);
    expect(one.body.data.transfer.lines).toHaveLength(2);
    const listed = await call(t.app, 'GET', `/api/admin/transfers?status=received&locationId=${shop}`, {
      token: support,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.data.transfers.map((x: { id: string }) => x.id)).toContain(transfer.id);
    expect(listed.body.data.transfers[0]).toMatchObject({ lineCount: 2, units: 10 });
    expect(listed.body.data.transfers[0].lines).toBeUndefined();
    const drafts = await call(t.app, 'GET', '/api/admin/transfers?status=draft', { token: support });
    expect(drafts.body.data.transfers.map((x: { id: string }) => x.id)).not.toContain(transfer.id);
  });

  it('refuses bad drafts with a clear message, writing nothing', async () => {
    const { product } = await stocked({ 'M/Black': 2 }, 'Refused Tee');
    const [before] = await queryRows<{ n: number }>(t.app.db, sql`SELECT count(*)::int AS n FROM stock_transfers`);
    const line = { productId: product.id, size: 'M', color: 'Black', quantity: 1 };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ fromLocationId: shop, toLocationId: shop, lines: [line] }, 400, TRANSFER_MESSAGES.sameLocation],
      [{ fromLocationId: WAREHOUSE, toLocationId: closed, lines: [line] }, 400, LOCATION_MESSAGES.inactive],
      [{ fromLocationId: WAREHOUSE, toLocationId: 'a'.repeat(24), lines: [line] }, 404, LOCATION_MESSAGES.notFound],
      [
        { fromLocationId: WAREHOUSE, toLocationId: shop, lines: [{ ...line, size: 'XXL' }] },
        404,
        'Variant XXL/Black not found for Refused Tee',
      ],
      [
        { fromLocationId: WAREHOUSE, toLocationId: shop, lines: [{ ...line, productId: 'b'.repeat(24) }] },
        404,
        TRANSFER_MESSAGES.productNotFound,
      ],
      [
        { fromLocationId: WAREHOUSE, toLocationId: shop, lines: [line, { ...line, color: 'BLACK' }] },
        400,
        TRANSFER_MESSAGES.duplicateLine,
      ],
      [
        { fromLocationId: WAREHOUSE, toLocationId: shop, lines: [{ ...line, quantity: 0 }] },
        400,
        TRANSFER_MESSAGES.quantity,
      ],
      [{ fromLocationId: WAREHOUSE, toLocationId: shop, lines: [] }, 400, TRANSFER_MESSAGES.lines],
    ];
    for (const [body, status, message] of cases) {
      const res = await create(admin, body);
      expect(res.status, message).toBe(status);
      expect(res.body.error).toContain(message);
    }
    expect((await create(support, { fromLocationId: WAREHOUSE, toLocationId: shop, lines: [line] })).status).toBe(403);
    const [after] = await queryRows<{ n: number }>(t.app.db, sql`SELECT count(*)::int AS n FROM stock_transfers`);
    expect(after!.n).toBe(before!.n);
  });

  it('refuses to ship what the source does not have available, moving nothing', async () => {
    const { product, ids } = await stocked({ 'M/Black': 5, 'S/Black': 2 }, 'Short Tee');
    const transfer = await draft(product.id, [
      ['M', 'Black', 5],
      ['S', 'Black', 3],
    ]);
    const res = await step(transfer.id, 'ship');
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Insufficient stock for Short Tee (S/Black) at Warehouse');
    expect(await stockOf(ids['M/Black']!)).toEqual({ warehouse: [5, 0], shop: null, total: [5, 0] });
    const [row] = await t.app.db.select().from(stockTransfers).where(eq(stockTransfers.id, transfer.id));
    expect(row!.status).toBe('draft');
  });

  it('edits a draft; cancels a draft (no stock) and an in-transit transfer (the rest back at the source)', async () => {
    const { product, ids } = await stocked({ 'M/Black': 8 });
    const transfer = await draft(product.id, [['M', 'Black', 2]]);
    const edited = await call(t.app, 'PUT', `/api/admin/transfers/${transfer.id}`, {
      token: admin,
      body: {
        fromLocationId: WAREHOUSE,
        toLocationId: shop,
        note: 'Five after all',
        lines: [{ productId: product.id, size: 'M', color: 'Black', quantity: 5 }],
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.transfer).toMatchObject({ note: 'Five after all', units: 5, status: 'draft' });

    const other = await draft(product.id, [['M', 'Black', 1]]);
    const cancelledDraft = await step(other.id, 'cancel');
    expect(cancelledDraft.status).toBe(200);
    expect(cancelledDraft.body.data.transfer.status).toBe('cancelled');
    expect(await stockOf(ids['M/Black']!)).toEqual({ warehouse: [8, 0], shop: null, total: [8, 0] });

    expect((await step(transfer.id, 'ship')).status).toBe(200);
    const lineId = edited.body.data.transfer.lines[0].id;
    expect((await receive(transfer.id, [{ lineId, quantity: 2 }])).status).toBe(200);
    expect(await stockOf(ids['M/Black']!)).toEqual({ warehouse: [3, 0], shop: [2, 0], total: [5, 0] });
    const cancelled = await step(transfer.id, 'cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.transfer).toMatchObject({ status: 'cancelled', receivedUnits: 2 });
    // The 3 units that never arrived are back at the warehouse; the 2 received stay at the shop.
    expect(await stockOf(ids['M/Black']!)).toEqual({ warehouse: [6, 0], shop: [2, 0], total: [8, 0] });
    const shipped = await call(t.app, 'PUT', `/api/admin/transfers/${transfer.id}`, {
      token: admin,
      body: { fromLocationId: WAREHOUSE, toLocationId: shop, lines: edited.body.data.transfer.lines },
    });
    expect(shipped.status).toBe(409);
  });

  it('puts no unit at an inactive location: receiving at or cancelling back to one is refused (409)', async () => {
    const [from, to] = await t.app.db
      .insert(stockLocations)
      .values([
        { name: 'Back Room', kind: 'warehouse', priority: 4 },
        { name: 'Harbour Shop', kind: 'shop', priority: 5 },
      ])
      .returning({ id: stockLocations.id });
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 0 }]);
    const put = await call(t.app, 'PUT', `/api/admin/products/${product.id}/inventory`, {
      token: admin,
      body: { size: 'M', color: 'Black', quantity: 4, operation: 'add', locationId: from!.id },
    });
    expect(put.status).toBe(200);
    const transfer = await draft(product.id, [['M', 'Black', 4]], from!.id, to!.id);
    expect((await step(transfer.id, 'ship')).status).toBe(200);
    const toggle = (id: string, action: 'activate' | 'deactivate') =>
      call(t.app, 'POST', `/api/admin/locations/${id}/${action}`, { token: admin });
    // Both hold nothing now (the units are on the way): both may be deactivated.
    expect((await toggle(to!.id, 'deactivate')).status).toBe(200);
    expect((await toggle(from!.id, 'deactivate')).status).toBe(200);
    const lineId = transfer.lines[0]!.id;
    const received = await receive(transfer.id, [{ lineId, quantity: 4 }]);
    expect([received.status, received.body.error]).toEqual([409, LOCATION_MESSAGES.inactive]);
    const cancelled = await step(transfer.id, 'cancel');
    expect([cancelled.status, cancelled.body.error]).toEqual([409, LOCATION_MESSAGES.inactive]);
    const units = async () =>
      (
        await t.app.db
          .select({ quantity: inventoryLevels.quantity })
          .from(inventoryLevels)
          .where(inArray(inventoryLevels.locationId, [from!.id, to!.id]))
      ).reduce((sum, level) => sum + level.quantity, 0);
    expect(await units()).toBe(0);
    // Active again, the source takes its units back.
    expect((await toggle(from!.id, 'activate')).status).toBe(200);
    expect((await step(transfer.id, 'cancel')).status).toBe(200);
    expect(await units()).toBe(4);
  });

  it('counts units in transit as available nowhere: an order they alone would cover fails', async () => {
    const { product, ids } = await stocked({ 'M/Black': 3 });
    const transfer = await draft(product.id, [['M', 'Black', 3]]);
    expect((await step(transfer.id, 'ship')).status).toBe(200);
    const item = { productId: product.id, size: 'M', color: 'Black', quantity: 1 };
    const refused = await call(t.app, 'POST', '/api/orders', { token: customer, body: orderBody([item]) });
    expect(refused.status).toBe(409);
    expect(await stockOf(ids['M/Black']!)).toEqual({ warehouse: [0, 0], shop: null, total: [0, 0] });
    expect((await receive(transfer.id, [{ lineId: transfer.lines[0]!.id, quantity: 3 }])).status).toBe(200);
    const placed = await call(t.app, 'POST', '/api/orders', { token: customer, body: orderBody([item]) });
    expect(placed.status).toBe(201);
    expect(await stockOf(ids['M/Black']!)).toEqual({ warehouse: [0, 0], shop: [3, 1], total: [3, 1] });
  });
});
