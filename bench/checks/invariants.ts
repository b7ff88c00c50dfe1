import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.js';
import { orders } from '../../apps/server/src/db/schema/index.js';
import { checkStockInvariants } from '../../apps/server/src/db/seed/invariants.js';
import type { Figure } from '../lib/table.js';
import type { CheckoutOutcome, HotVariant } from './checkout.js';

const GROUP = 'invariants';

/**
 * After the checkout run, read straight from the database: every hot combination still holds the stock invariants
 * (reserved = units of open reserved order lines, quantity and reserved = their movements, 0 ≤ reserved ≤ quantity:
 * no oversell), and the database holds exactly as many orders of the run as were answered 201.
 */
export async function invariants(db: Db, hot: HotVariant[], outcome: CheckoutOutcome | null): Promise<Figure[]> {
  const problems = hot.length
    ? await checkStockInvariants(
        db,
        new Map(),
        hot.map((v) => v.id),
      )
    : [];
  const figures: Figure[] = [
    {
      group: GROUP,
      name: `stock of the ${hot.length} hot combinations`,
      value: problems.length,
      unit: 'count',
      bound: 'max',
      target: 1,
      note: problems.length
        ? problems
            .slice(0, 3)
            .map((p) => p.problem)
            .join('; ')
        : 'reserved = open order lines = movements; no oversell',
    },
  ];
  if (outcome) {
    const [stored] = await db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(sql`lower(${orders.guestEmail})`, outcome.guestEmail), gte(orders.createdAt, outcome.since)));
    const mismatch = Math.abs((stored?.n ?? 0) - outcome.created);
    figures.push({
      group: GROUP,
      name: 'orders stored vs answered 201',
      value: mismatch,
      unit: 'count',
      bound: 'max',
      target: 1,
      note: `${stored?.n ?? 0} stored, ${outcome.created} answered 201`,
    });
  }
  return figures;
}
