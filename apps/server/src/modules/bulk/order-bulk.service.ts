import type { orderBulkStatusInput } from '@seamline/shared';
import { or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { idIn } from '../../lib/bulk.js';
import { foldOrderSearch, type OrderChangesService, orderConditions } from '../orders/index.js';
import type { BulkJobSpec } from './bulk-job.js';

type Input = z.output<typeof orderBulkStatusInput>;

/**
 * Bulk status change of orders, as a job: each order goes through the one-order status change (its own transaction,
 * locks in docs/domain.md § Production order, stock moves, refunds, activity-log row) with the job's progress in that
 * same transaction, so a bulk change obeys exactly the rules of the Manage Status dialog and a resumed job never moves
 * an order twice. An order the state machine refuses (e.g. no stock left to re-open a cancelled order) is reported with
 * the reason.
 */
export class OrderBulkService {
  constructor(
    private readonly db: Db,
    private readonly changes: OrderChangesService,
  ) {}

  job(): BulkJobSpec<Input> {
    return {
      target: async ({ selection }) => {
        // A search matches the orders' search documents: the pending ones are written first.
        if (!('ids' in selection) && selection.filter.search) await foldOrderSearch(this.db);
        return {
          table: orders,
          id: orders.id,
          selection: 'ids' in selection ? selection : { where: or(...orderConditions(selection.filter)) ?? sql`true` },
        };
      },
      apply: async (ids, { body, user }, ctx, progress) => {
        const rows = await this.db
          .select({
            id: orders.id,
            label: orders.orderNumber,
            status: orders.status,
            paymentStatus: orders.paymentStatus,
          })
          .from(orders)
          .where(idIn(orders.id, ids));
        await progress.eachObject(this.db, ids, rows, 'Order', async (row, done) => {
          const paymentStatus = body.paymentStatus ?? row.paymentStatus;
          if (row.status === body.status && row.paymentStatus === paymentStatus) return;
          await this.changes.updateStatus(row.id, { status: body.status, paymentStatus }, user, ctx, done);
        });
      },
    };
  }
}
