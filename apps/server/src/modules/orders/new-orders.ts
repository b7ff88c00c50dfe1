import type { OrderView } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { type DbOrTx, jsonOfRow, jsonValue, preparedStatement } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema/index.js';
import { publishInStatement } from '../../lib/events.js';
import { newId } from '../../lib/ids.js';
import { SharedWork, sharedPer } from '../../lib/shared-work.js';
import { reservationSql } from '../inventory/index.js';
import { orderCreatedEvents } from './order-events.js';
import { insertItemsAfter, insertOrders, NEW_LINE_COLUMNS, NEW_ORDER_COLUMNS, type NewLine } from './order-stock.js';

/** A new order as the statement takes it. */
export type NewOrderSpec = {
  /** Its row as the statement inserts it (order-events.ts `newOrderRow`). */
  order: typeof orders.$inferSelect;
  /** Its lines, one per variant (not yet allocated to locations). */
  lines: readonly NewLine[];
  /** Its units per inventory row, each row once, in inventory id order. */
  units: readonly { inventoryId: string; productId: string; quantity: number }[];
  /** The reservation movements' reason and actor. */
  reason: string;
  actorId: string | null;
  /** order.created's data before allocation: the statement puts in the lines as allocated. */
  view: OrderView;
};

/**
 * What the statement did with one order: the combinations short of units, else its row and lines (both null when its
 * number was taken).
 */
export type NewOrderOutcome = {
  short: string[];
  order: Record<string, unknown> | null;
  lines: Record<string, unknown>[] | null;
};

type StatementRow = { n: number; short: unknown; order: unknown; lines: unknown; published: unknown };

/**
 * ONE statement for one or more new orders (no combination in two of them), all-or-nothing for each order: it locks
 * the orders' products and combinations in id order (inventory/reservation.ts `reservationSql`), and inserts an order
 * — its row, its lines at the locations allocated, the reservations with their movements, and the events of all of
 * it — only when every one of its combinations covers its units and its number is free. Its text never changes (the
 * orders, their units and lines are three JSON parameters), so every connection plans it once.
 */
const insertNewOrdersStatement = preparedStatement<StatementRow, { orders: string; wanted: string; lines: string }>(
  () => {
    const reservation = reservationSql(sql`SELECT b.n FROM batch b JOIN placed p ON p.id = b.id`);
    const created = orderCreatedEvents(sql`batch`, sql`placed`, sql`lines`);
    // One publishing job for the statement's events (the reservations' and the orders').
    const publish = publishInStatement([reservation.recorded, created.recorded]);
    return sql`WITH batch AS (
        SELECT * FROM json_to_recordset(${sql.placeholder('orders')}::json)
          AS b (n int, ${NEW_ORDER_COLUMNS}, reason text, actor_id char(24), event_id char(24), view jsonb)
      ),
      wanted AS (
        SELECT * FROM json_to_recordset(${sql.placeholder('wanted')}::json)
          AS w (n int, id char(24), product_id char(24), units int, movement_id char(24), event_id char(24))
      ),
      ordered AS (SELECT * FROM json_to_recordset(${sql.placeholder('lines')}::json) AS v (n int, ${NEW_LINE_COLUMNS})),
      reserving AS (SELECT n, id AS order_id, pickup_location_id, reason, actor_id FROM batch),
      ${reservation.locks},
      placed AS (${insertOrders(sql`batch`, sql`covered`)}),
      ${reservation.changes},
      lines AS (${insertItemsAfter(sql`ordered`, sql`batch`, sql`placed`, sql`alloc`)}),
      ${created.ctes},
      ${publish.ctes}
      SELECT b.n, ${reservation.shortIds(sql`b.n`)} AS short, row_to_json(p) AS "order",
        (SELECT json_agg(row_to_json(l)) FROM lines l WHERE l.order_id = b.id) AS lines, ${publish.count} AS published
      FROM batch b LEFT JOIN placed p ON p.id = b.id ORDER BY b.n`;
  },
);

async function insertNewOrders(db: DbOrTx, specs: readonly NewOrderSpec[]): Promise<NewOrderOutcome[]> {
  const orderRows = specs.map((spec, n) => ({
    n,
    ...jsonOfRow(orders, spec.order),
    reason: spec.reason,
    actor_id: spec.actorId,
    event_id: newId(),
    view: spec.view,
  }));
  const wantedRows = specs.flatMap((spec, n) =>
    spec.units.map((u) => ({
      n,
      id: u.inventoryId,
      product_id: u.productId,
      units: u.quantity,
      movement_id: newId(),
      event_id: newId(),
    })),
  );
  const lineRows = specs.flatMap((spec, n) =>
    spec.lines.map((line) => ({ n, ...jsonOfRow(orderItems, line), inventory_id: line.inventoryId })),
  );
  const rows = await insertNewOrdersStatement(db, {
    orders: JSON.stringify(orderRows),
    wanted: JSON.stringify(wantedRows),
    lines: JSON.stringify(lineRows),
  });
  return rows.map((row) => ({
    short: jsonValue<string[]>(row.short),
    order: row.order ? jsonValue<Record<string, unknown>>(row.order) : null,
    lines: row.lines ? jsonValue<Record<string, unknown>[]>(row.lines) : null,
  }));
}

/**
 * New orders placed outside a transaction (the common guest checkout), gathered into shared statements: most of what
 * the order's statement costs PostgreSQL (setting up its plan, the triggers at its end, the commit) is paid once a
 * statement, not once an order. Up to 32 orders a statement, two statements at a time; no two orders of a statement
 * share a combination (so each order's allocation is what it would be alone), nor an order with a statement under way
 * (it would only wait for that one's commit, and hold up the others with it).
 */
const newOrdersOf = sharedPer(
  (db: DbOrTx) =>
    new SharedWork((specs: NewOrderSpec[]) => insertNewOrders(db, specs), {
      most: 32,
      running: 2,
      slowMs: 100,
      rows: (spec) => spec.units.map((u) => u.inventoryId),
    }),
);

/**
 * Runs a new order's statement: in the caller's transaction as it is, or — outside one — in the next statement its
 * instance runs for the orders waiting (newOrdersOf).
 */
export function insertNewOrder(db: DbOrTx, spec: NewOrderSpec): Promise<NewOrderOutcome> {
  if (db instanceof PgTransaction) return insertNewOrders(db, [spec]).then(([outcome]) => outcome!);
  return newOrdersOf(db).add(spec);
}
