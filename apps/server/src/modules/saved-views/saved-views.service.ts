import {
  type AccessRule,
  can,
  SAVED_VIEW_MESSAGES,
  SAVED_VIEWS_PER_LIST,
  type SavedView,
  type SavedViewList,
  type savedViewInput,
} from '@seamline/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { savedViews } from '../../db/schema/index.js';
import { type AuditContext, writeActivity } from '../../lib/audit.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { AuthUser } from '../../types.js';

/** Who may keep views of a list: whoever may read that list. */
const LIST_ACCESS: Record<SavedViewList, AccessRule> = {
  orders: 'orders',
  products: 'catalogueRead',
  customers: 'customersRead',
  'activity-logs': 'activityLogs',
};

function toView(row: typeof savedViews.$inferSelect): SavedView {
  return {
    _id: row.id,
    id: row.id,
    list: row.list,
    name: row.name,
    query: row.query,
    createdAt: row.createdAt.toISOString(),
  };
}

export class SavedViewsService {
  constructor(private readonly db: Db) {}

  private assertList(user: AuthUser, list: SavedViewList) {
    if (!can(user.role, LIST_ACCESS[list])) throw forbidden();
  }

  async list(user: AuthUser, list: SavedViewList): Promise<SavedView[]> {
    this.assertList(user, list);
    const rows = await this.db
      .select()
      .from(savedViews)
      .where(and(eq(savedViews.userId, user.id), eq(savedViews.list, list)))
      .orderBy(asc(sql`lower(${savedViews.name})`));
    return rows.map(toView);
  }

  /**
   * Saves a view: one statement inserts it only while the person has fewer than SAVED_VIEWS_PER_LIST views of the
   * list and no view of that name (the unique index decides a race between two tabs).
   */
  async create(user: AuthUser, input: z.output<typeof savedViewInput>, ctx: AuditContext): Promise<SavedView> {
    this.assertList(user, input.list);
    return this.db.transaction(async (tx) => {
      const id = newId();
      const inserted = await tx.execute(sql`
        INSERT INTO ${savedViews} (id, user_id, list, name, query)
        SELECT ${id}, ${user.id}, ${input.list}, ${input.name}, ${input.query}
        WHERE (SELECT count(*) FROM ${savedViews} WHERE user_id = ${user.id} AND list = ${input.list}) < ${SAVED_VIEWS_PER_LIST}
        ON CONFLICT DO NOTHING RETURNING id`);
      if (!(inserted as unknown as { rows: unknown[] }).rows.length) {
        const [same] = await tx
          .select({ id: savedViews.id })
          .from(savedViews)
          .where(
            and(
              eq(savedViews.userId, user.id),
              eq(savedViews.list, input.list),
              sql`lower(${savedViews.name}) = lower(${input.name})`,
            ),
          );
        throw conflict(same ? SAVED_VIEW_MESSAGES.duplicate : SAVED_VIEW_MESSAGES.tooMany, 'SAVED_VIEW_CONFLICT');
      }
      await writeActivity(tx, ctx, {
        action: 'create',
        resource: 'saved_view',
        resourceId: id,
        details: { list: input.list, name: input.name, query: input.query },
      });
      const [row] = await tx.select().from(savedViews).where(eq(savedViews.id, id));
      return toView(row!);
    });
  }

  /** Deletes one of the caller's own views; someone else's is not found (docs/domain.md § API). */
  async remove(user: AuthUser, id: string, ctx: AuditContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(savedViews)
        .where(and(eq(savedViews.id, id), eq(savedViews.userId, user.id)))
        .returning();
      if (!row) throw notFound(SAVED_VIEW_MESSAGES.notFound);
      await writeActivity(tx, ctx, {
        action: 'delete',
        resource: 'saved_view',
        resourceId: id,
        details: { list: row.list, name: row.name },
      });
    });
  }
}
