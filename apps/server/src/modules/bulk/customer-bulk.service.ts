import type { customerBulkStatusInput } from '@seamline/shared';
import { and, asc, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { AuditContext } from '../../lib/audit.js';
import { type BatchOutcome, idIn, outcomeOf, writeActivities } from '../../lib/bulk.js';
import { recordEvents } from '../../lib/events.js';
import { locksOf } from '../../lib/locked-transaction.js';
import { revokeUserSessions } from '../auth/index.js';
import { customerListCondition, statsFor, toAdminCustomer } from '../customers/index.js';
import type { BulkJobSpec } from './bulk-job.js';

type Input = z.output<typeof customerBulkStatusInput>;

/**
 * Bulk activate/deactivate of customers, as a job: a batch per transaction (with the job's progress); deactivation
 * ends each one's sessions at once.
 */
export class CustomerBulkService {
  constructor(private readonly db: Db) {}

  job(): BulkJobSpec<Input> {
    return {
      target: async ({ selection }) => ({
        table: users,
        id: users.id,
        selection: 'ids' in selection ? selection : { where: customerListCondition(selection.filter) },
      }),
      apply: (ids, { body }, ctx, progress) =>
        progress.batch(this.db, ids, (tx) => this.batch(tx, ids, body.isActive, ctx)),
    };
  }

  private async batch(tx: Tx, ids: string[], isActive: boolean, ctx: AuditContext): Promise<BatchOutcome> {
    const rows = await locksOf(tx).step('customer', () =>
      tx
        .select({ id: users.id, email: users.email, isActive: users.isActive })
        .from(users)
        .where(and(idIn(users.id, ids), customerListCondition({})))
        .orderBy(asc(users.id))
        .for('update'),
    );
    const outcome = outcomeOf(ids, rows, 'Customer');
    const changing = rows.filter((row) => row.isActive !== isActive);
    outcome.unchanged = rows.length - changing.length;
    if (!changing.length) return outcome;
    const updated = await tx
      .update(users)
      .set({ isActive, updatedAt: sql`now()` })
      .where(
        idIn(
          users.id,
          changing.map((row) => row.id),
        ),
      )
      .returning();
    if (!isActive) for (const row of changing) await revokeUserSessions(tx, row.id);
    await writeActivities(
      tx,
      ctx,
      changing.map((row) => ({
        action: 'update_status',
        resource: 'customer',
        resourceId: row.id,
        details: { email: row.email, bulk: true, changes: { isActive: { before: row.isActive, after: isActive } } },
      })),
    );
    const stats = await statsFor(
      tx,
      updated.map((row) => row.id),
    );
    await recordEvents(
      tx,
      updated.map((row) => ({
        type: 'customer.updated',
        objectId: row.id,
        data: toAdminCustomer(row, stats.get(row.id)),
      })),
    );
    outcome.changed = changing.map((row) => ({ id: row.id, label: row.email }));
    return outcome;
  }
}
