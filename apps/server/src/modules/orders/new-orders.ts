import type { OrderView } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { type DbOrTx, jsonOfRow, jsonValue, preparedStatement } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema/index.js';
import { publishInStatement } from '../../lib/events.js';
import { newId } from '../../lib/ids.js';
import { reservationSql } from '../inventory/index.js';
import { newOrderRow, orderCreatedEvents } from './order-events.js';
import {
  insertItemsAfter,
  insertOrders,
  NEW_LINE_COLUMNS,
  NEW_ORDER_COLUMNS,
  type NewLine,
  type NewOrder,
} from './order-stock.js';

/** A new order as the statement takes it. */
export type NewOrderSpec = {
  order: NewOrder;
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
 * the orders' products and combinations in id order (inventory/stock.service.ts `reservationSql`), and inserts an order
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
    ...jsonOfRow(orders, newOrderRow(spec.order)),
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

/** Orders in one statement at most: its cost grows with them, and so does every one's wait for it. */
const MOST_ORDERS_A_STATEMENT = 32;
/** Statements of waiting orders running at once on an instance; orders arriving meanwhile wait for the next. */
const MOST_STATEMENTS_RUNNING = 2;
/**
 * A statement running longer than this (waiting for a row another transaction holds, say) stops counting against
 * MOST_STATEMENTS_RUNNING, so it does not hold back the orders that do not need that row.
 */
const SLOW_STATEMENT_MS = 100;

type Waiting = { spec: NewOrderSpec; resolve: (outcome: NewOrderOutcome) => void; reject: (error: unknown) => void };

/**
 * New orders placed outside a transaction (the common guest checkout), gathered into shared statements: most of what
 * the order's statement costs PostgreSQL (setting up its plan, the triggers at its end, the commit) is paid once a
 * statement, not once an order. An order waits only while MOST_STATEMENTS_RUNNING statements run; every order that
 * arrived meanwhile goes into the next, up to MOST_ORDERS_A_STATEMENT, none sharing a combination with another of it
 * (so each order's allocation is what it would be alone) nor with a statement still running (it would only wait for
 * that one's commit, and hold up the others with it). Oldest first: an order left out waits at the front.
 */
class NewOrderQueue {
  private waiting: Waiting[] = [];
  private counted = 0;
  private scheduled = false;
  /** The inventory rows of the statements running, each as often as a running statement holds it. */
  private readonly busy = new Map<string, number>();

  constructor(private readonly db: DbOrTx) {}

  add(spec: NewOrderSpec): Promise<NewOrderOutcome> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ spec, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      // After the orders of this turn of the event loop have arrived.
      setImmediate(() => {
        this.scheduled = false;
        this.start();
      });
    });
  }

  private start() {
    while (this.counted < MOST_STATEMENTS_RUNNING && this.waiting.length > 0) {
      const statement = this.next();
      if (statement.length === 0) return;
      const rows = statement.flatMap((order) => order.spec.units.map((u) => u.inventoryId));
      for (const id of rows) this.busy.set(id, (this.busy.get(id) ?? 0) + 1);
      this.counted += 1;
      let counting = true;
      const stopCounting = () => {
        if (!counting) return;
        counting = false;
        this.counted -= 1;
        this.start();
      };
      const slow = setTimeout(stopCounting, SLOW_STATEMENT_MS);
      void this.run(statement).finally(() => {
        clearTimeout(slow);
        for (const id of rows) {
          const left = this.busy.get(id)! - 1;
          if (left === 0) this.busy.delete(id);
          else this.busy.set(id, left);
        }
        if (counting) stopCounting();
        else this.start();
      });
    }
  }

  /** The oldest waiting orders that share no combination, up to MOST_ORDERS_A_STATEMENT; the others wait on. */
  private next(): Waiting[] {
    const taken: Waiting[] = [];
    const left: Waiting[] = [];
    const rows = new Set<string>();
    for (const order of this.waiting) {
      const ids = order.spec.units.map((u) => u.inventoryId);
      const free = !ids.some((id) => rows.has(id) || this.busy.has(id));
      if (taken.length < MOST_ORDERS_A_STATEMENT && free) {
        taken.push(order);
        for (const id of ids) rows.add(id);
      } else left.push(order);
    }
    this.waiting = left;
    return taken;
  }

  private async run(statement: readonly Waiting[]) {
    try {
      const outcomes = await insertNewOrders(
        this.db,
        statement.map((order) => order.spec),
      );
      for (const [i, order] of statement.entries()) order.resolve(outcomes[i]!);
    } catch (error) {
      if (statement.length === 1) {
        statement[0]!.reject(error);
        return;
      }
      // Whatever failed the shared statement (one order's data, a deadlock) fails no other order: each goes alone.
      await Promise.all(
        statement.map((order) =>
          insertNewOrders(this.db, [order.spec]).then(([outcome]) => order.resolve(outcome!), order.reject),
        ),
      );
    }
  }
}

const queues = new WeakMap<object, NewOrderQueue>();

/**
 * Runs a new order's statement: in the caller's transaction as it is, or — outside one — in the next statement its
 * instance runs for the orders waiting (NewOrderQueue).
 */
export function insertNewOrder(db: DbOrTx, spec: NewOrderSpec): Promise<NewOrderOutcome> {
  if (db instanceof PgTransaction) return insertNewOrders(db, [spec]).then(([outcome]) => outcome!);
  let queue = queues.get(db);
  if (!queue) {
    queue = new NewOrderQueue(db);
    queues.set(db, queue);
  }
  return queue.add(spec);
}
