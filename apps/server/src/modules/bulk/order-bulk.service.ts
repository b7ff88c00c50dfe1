import type { BulkResult, orderBulkStatusInput } from '@seamline/shared';
import { or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import type { AuditContext } from '../../lib/audit.js';
import { type BatchOutcome, type BulkSelection, batchesOf, idIn, outcomeOf, runBulk } from '../../lib/bulk.js';
import { AppError } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import type { OrderChanges } from '../orders/order-changes.service.js';
import { orderConditions } from '../orders/order-queries.js';

type Input = z.output<typeof orderBulkStatusInput>;

/**
 * Bulk status change of orders: each order goes through the one-order status change (its own transaction, locks,
 * stock moves, refunds, activity-log row), so a bulk change obeys exactly the rules of the Manage Status dialog. An
 * order the state machine refuses (e.g. no stock left to re-open a cancelled order) is reported with the reason.
 */
export class OrderBulkService {
  constructor(
    private readonly db: Db,
    private readonly changes: OrderChanges,
  ) {}

  async changeStatus(input: Input, user: AuthUser, ctx: AuditContext): Promise<BulkResult> {
    const selection: BulkSelection =
      'ids' in input.selection
        ? input.selection
        : { where: or(...orderConditions(input.selection.filter)) ?? sql`true` };
    return runBulk(batchesOf(this.db, orders, orders.id, selection), (ids) => this.batch(ids, input, user, ctx));
  }

  private async batch(ids: string[], input: Input, user: AuthUser, ctx: AuditContext): Promise<BatchOutcome> {
    const rows = await this.db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
      })
      .from(orders)
      .where(idIn(orders.id, ids));
    const outcome = outcomeOf(ids, rows, 'Order');
    for (const row of rows) {
      const paymentStatus = input.paymentStatus ?? row.paymentStatus;
      if (row.status === input.status && row.paymentStatus === paymentStatus) {
        outcome.unchanged += 1;
        continue;
      }
      try {
        await this.changes.updateStatus(row.id, { status: input.status, paymentStatus }, user, ctx);
        outcome.changed.push({ id: row.id, label: row.orderNumber });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcome.failures.push({ id: row.id, label: row.orderNumber, reason: error.message });
      }
    }
    return outcome;
  }
}
