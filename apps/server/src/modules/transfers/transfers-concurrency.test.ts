import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/harness.js';
import { orderBody } from '../../../test/orders.js';
import {
  closeTransferStore,
  customer,
  draft,
  openTransferStore,
  receive,
  step,
  stocked,
  t,
} from '../../../test/transfers.js';
import { queryRows } from '../../db/client.js';
import { inventory, inventoryLevels } from '../../db/schema/index.js';

beforeAll(openTransferStore);
afterAll(closeTransferStore);

describe('stock transfers under concurrency', () => {
  it('keeps every level whole with ships, receipts, cancels and orders of one variant at once', async () => {
    const { product, ids } = await stocked({ 'M/Black': 40 });
    const id = ids['M/Black']!;
    const drafts = await Promise.all([1, 2, 3, 4].map(() => draft(product.id, [['M', 'Black', 6]])));
    const moving = await Promise.all([1, 2].map(() => draft(product.id, [['M', 'Black', 4]])));
    for (const transfer of moving) expect((await step(transfer.id, 'ship')).status).toBe(200);
    const item = { productId: product.id, size: 'M', color: 'Black', quantity: 3 };

    const calls = [
      // Each draft shipped twice at once: exactly one ship wins.
      ...drafts.flatMap((transfer) => [step(transfer.id, 'ship'), step(transfer.id, 'ship')]),
      // A draft shipped and cancelled at once: one of them wins.
      step(drafts[3]!.id, 'cancel'),
      receive(moving[0]!.id, [{ lineId: moving[0]!.lines[0]!.id, quantity: 2 }]),
      receive(moving[0]!.id, [{ lineId: moving[0]!.lines[0]!.id, quantity: 2 }]),
      receive(moving[1]!.id, [{ lineId: moving[1]!.lines[0]!.id, quantity: 1 }]),
      step(moving[1]!.id, 'cancel'),
      ...[1, 2, 3, 4, 5, 6, 7].map(() =>
        call(t.app, 'POST', '/api/orders', { token: customer, body: orderBody([item]) }),
      ),
    ];
    expect(calls).toHaveLength(20);
    const results = await Promise.all(calls);
    for (const res of results) expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    // The race is real: some of each kind went through.
    expect(results.slice(0, 8).some((res) => res.status === 200)).toBe(true);
    expect(results.slice(13).some((res) => res.status === 201)).toBe(true);

    for (const transfer of drafts.slice(0, 3)) {
      const pair = results.slice(drafts.indexOf(transfer) * 2, drafts.indexOf(transfer) * 2 + 2).map((r) => r.status);
      // One ship wins; the other finds it shipped, or both fail for lack of stock the orders took.
      expect(pair.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
      if (pair.includes(200)) expect(pair).toContain(409);
    }

    const levels = await t.app.db.select().from(inventoryLevels).where(eq(inventoryLevels.inventoryId, id));
    for (const level of levels) {
      expect(level.quantity).toBeGreaterThanOrEqual(0);
      expect(level.reserved).toBeGreaterThanOrEqual(0);
      expect(level.reserved).toBeLessThanOrEqual(level.quantity);
    }
    const [variant] = await t.app.db.select().from(inventory).where(eq(inventory.id, id));
    expect(variant!.quantity).toBe(levels.reduce((sum, l) => sum + l.quantity, 0));
    expect(variant!.reserved).toBe(levels.reduce((sum, l) => sum + l.reserved, 0));
    // Every unit is explained by the movements at its location.
    const sums = await queryRows<{ location_id: string; dq: number; dr: number }>(
      t.app.db,
      sql`SELECT location_id, sum(new_quantity - previous_quantity)::int AS dq, sum(new_reserved - previous_reserved)::int AS dr
        FROM inventory_movements WHERE inventory_id = ${id} GROUP BY location_id`,
    );
    for (const level of levels) {
      const moved = sums.find((s) => s.location_id === level.locationId);
      expect([moved?.dq ?? 0, moved?.dr ?? 0], level.locationId).toEqual([level.quantity, level.reserved]);
    }
    // And the units in transit are what the open transfers still expect: 40 = at locations + on the way.
    const [open] = await queryRows<{ units: number }>(
      t.app.db,
      sql`SELECT coalesce(sum(l.quantity - l.received), 0)::int AS units FROM stock_transfer_lines l
        JOIN stock_transfers tr ON tr.id = l.transfer_id WHERE tr.status = 'in_transit' AND l.inventory_id = ${id}`,
    );
    // (Orders only reserve: no unit left the store.)
    expect(variant!.quantity + open!.units).toBe(40);
  });
});
