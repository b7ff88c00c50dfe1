import { pagination, REVIEW_MESSAGES, type ReviewStatus, type reviewQueueQuery } from '@seamline/shared';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows, type Tx } from '../../db/client.js';
import { products, reviews, users } from '../../db/schema/index.js';
import { type AuditContext, changedFields, writeActivity } from '../../lib/audit.js';
import { writeActivities } from '../../lib/bulk.js';
import { notFound } from '../../lib/errors.js';
import { recordEvent, recordEvents } from '../../lib/events.js';
import { fullView, loadReviews, reviewById, withPhotos } from './review-views.js';

export type Moderation = 'approve' | 'reject' | 'hide';
const STATUS_AFTER: Record<Moderation, ReviewStatus> = { approve: 'published', reject: 'rejected', hide: 'hidden' };

/**
 * Staff moderation: every step is one transaction with one activity-log row per review. A step that publishes or
 * unpublishes reviews locks their products (the reviews trigger of migration 0038, in product id order).
 */
export class ModerationService {
  constructor(private readonly db: Db) {}

  /** GET /admin/reviews: one status, oldest first (the queue is worked from the front). */
  async queue(query: z.output<typeof reviewQueueQuery>) {
    const where = and(
      eq(reviews.status, query.status),
      query.productId ? eq(reviews.productId, query.productId) : undefined,
    );
    const [rows, [counted]] = await Promise.all([
      this.db
        .select({
          review: reviews,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          productName: products.name,
        })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .leftJoin(users, eq(users.id, reviews.customerId))
        .where(where)
        .orderBy(asc(reviews.createdAt), asc(reviews.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      this.db.select({ n: count() }).from(reviews).where(where),
    ]);
    const authored = await withPhotos(
      this.db,
      rows.map((row) => ({ ...row.review, firstName: row.firstName, lastName: row.lastName })),
    );
    return {
      reviews: rows.map((row, i) => ({
        ...fullView(authored[i]!),
        reviewerEmail: row.email,
        productName: row.productName,
      })),
      pagination: pagination(query.page, query.limit, counted!.n),
    };
  }

  /** POST /admin/reviews/{id}/approve|reject|hide. */
  async moderateOne(id: string, action: Moderation, ctx: AuditContext, reason?: string) {
    return this.db.transaction(async (tx) => {
      const { updated } = await this.moderate(tx, [id], action, ctx, reason);
      if (updated.length === 0) throw notFound(REVIEW_MESSAGES.notFound);
      return reviewById(tx, id);
    });
  }

  /** POST /admin/reviews/bulk: the reviews found change together; the others are named back. */
  async moderateMany(ids: readonly string[], action: Moderation, ctx: AuditContext, reason?: string) {
    const unique = [...new Set(ids)];
    return this.db.transaction((tx) => this.moderate(tx, unique, action, ctx, reason));
  }

  /** POST /admin/reviews/{id}/reply. */
  async reply(id: string, reply: string, ctx: AuditContext) {
    return this.db.transaction(async (tx) => {
      const [row] = await queryRows<{ productId: string; before: string | null }>(
        tx,
        sql`
        UPDATE reviews r SET store_reply = ${reply}, updated_at = now() FROM reviews o
        WHERE o.id = r.id AND r.id = ${id}
        RETURNING r.product_id AS "productId", o.store_reply AS "before"`,
      );
      if (!row) throw notFound(REVIEW_MESSAGES.notFound);
      await writeActivity(tx, ctx, {
        action: 'reply_review',
        resource: 'review',
        resourceId: id,
        details: {
          productId: row.productId,
          changes: changedFields({ storeReply: row.before }, { storeReply: reply }),
        },
      });
      const view = await reviewById(tx, id);
      await recordEvent(tx, { type: 'review.moderated', objectId: id, data: { ...view, action: 'reply' } });
      return view;
    });
  }

  /** One UPDATE for all the reviews (their products' figures refresh once, by the statement trigger). */
  private async moderate(tx: Tx, ids: readonly string[], action: Moderation, ctx: AuditContext, reason?: string) {
    const status = STATUS_AFTER[action];
    const rejectReason = action === 'reject' ? (reason ?? null) : null;
    const rows = await queryRows<{
      id: string;
      productId: string;
      before: ReviewStatus;
      beforeReason: string | null;
    }>(
      tx,
      sql`
      UPDATE reviews r SET status = ${status}, reject_reason = ${rejectReason}, updated_at = now() FROM reviews o
      WHERE o.id = r.id AND ${inArray(sql`r.id`, [...ids])}
      RETURNING r.id, r.product_id AS "productId", o.status AS "before", o.reject_reason AS "beforeReason"`,
    );
    await writeActivities(
      tx,
      ctx,
      rows.map((row) => ({
        action: `${action}_review`,
        resource: 'review',
        resourceId: row.id,
        details: {
          productId: row.productId,
          changes: changedFields({ status: row.before, rejectReason: row.beforeReason }, { status, rejectReason }),
        },
      })),
    );
    const changed = rows.length
      ? await loadReviews(
          tx,
          inArray(
            reviews.id,
            rows.map((row) => row.id),
          ),
        )
      : [];
    await recordEvents(
      tx,
      changed.map((row) => ({
        type: 'review.moderated' as const,
        objectId: row.id,
        data: { ...fullView(row), action },
      })),
    );
    const found = new Set(rows.map((row) => row.id));
    return { updated: ids.filter((id) => found.has(id)), notFound: ids.filter((id) => !found.has(id)) };
  }
}
