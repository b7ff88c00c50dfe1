import {
  type CreateWebhookBody,
  DELIVERY_PAGE_SIZE,
  TEST_EVENT_TYPE,
  type UpdateWebhookBody,
  WEBHOOK_MESSAGES,
  type WebhookEndpoint,
  type WebhookSecret,
} from '@seamline/shared';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { WebhookSettings } from '../../config.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { type AuditContext, changedFields, createdFields, writeActivity } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { open, seal } from '../../lib/secret-box.js';
import { wakeDeliverer } from './delivery-jobs.js';
import { assertPublicReceiver } from './receiver-address.js';
import { newSigningSecret } from './signing.js';
import { deliveryView, type EndpointRow, endpointView, type LastDelivery } from './views.js';

/** How long the previous secret keeps signing after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;
const RESOURCE = 'webhook_endpoint';

/** Admin management of webhook endpoints: every change in one transaction with its activity-log row. */
export class WebhookEndpointsService {
  constructor(
    private readonly db: Db,
    private readonly key: Buffer,
    private readonly settings: WebhookSettings,
  ) {}

  async list(): Promise<WebhookEndpoint[]> {
    const rows = await this.db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt));
    const last = await lastDeliveries(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => endpointView(row, last.get(row.id) ?? null));
  }

  async get(id: string): Promise<WebhookEndpoint> {
    return this.view(await this.row(this.db, id));
  }

  async create(
    body: CreateWebhookBody & { topics: WebhookEndpoint['topics'] },
    ctx: AuditContext,
  ): Promise<WebhookSecret> {
    await assertPublicReceiver(body.url, this.settings.allowPrivateHosts);
    const secret = newSigningSecret();
    const row = await this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(webhookEndpoints)
        .values({
          url: body.url,
          description: body.description ?? '',
          topics: body.topics,
          secretSealed: seal(this.key, secret),
          createdBy: ctx.userId,
        })
        .returning();
      await writeActivity(tx, ctx, {
        action: 'create',
        resource: RESOURCE,
        resourceId: created!.id,
        details: createdFields({ url: created!.url, description: created!.description, topics: created!.topics }),
      });
      return created!;
    });
    return { endpoint: endpointView(row, null), secret };
  }

  async update(id: string, body: UpdateWebhookBody & { topics?: WebhookEndpoint['topics'] }, ctx: AuditContext) {
    if (body.url !== undefined) await assertPublicReceiver(body.url, this.settings.allowPrivateHosts);
    const row = await this.db.transaction(async (tx) => {
      const before = await this.row(tx, id, true);
      const changes = { url: body.url, description: body.description, topics: body.topics, enabled: body.enabled };
      const turnedOn = body.enabled === true && !before.enabled;
      const [after] = await tx
        .update(webhookEndpoints)
        .set({
          ...changes,
          // Turned on (again): its failure record starts over.
          ...(turnedOn ? { disabledReason: null, failingSince: null, givenUpInRow: 0 } : {}),
          ...(body.enabled === false ? { disabledReason: null } : {}),
        })
        .where(eq(webhookEndpoints.id, id))
        .returning();
      const { url, description, topics, enabled } = before;
      await writeActivity(tx, ctx, {
        action: 'update',
        resource: RESOURCE,
        resourceId: id,
        details: { changes: changedFields({ url, description, topics, enabled }, changes) },
      });
      // Deliveries left waiting while it was off go out now.
      if (turnedOn) await wakeDeliverer(tx, id);
      return after!;
    });
    return this.view(row);
  }

  async remove(id: string, ctx: AuditContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [gone] = await tx
        .delete(webhookEndpoints)
        .where(eq(webhookEndpoints.id, id))
        .returning({ url: webhookEndpoints.url });
      if (!gone) throw notFound(WEBHOOK_MESSAGES.notFound);
      await writeActivity(tx, ctx, {
        action: 'delete',
        resource: RESOURCE,
        resourceId: id,
        details: { url: gone.url },
      });
    });
  }

  /** A new secret; the current one becomes the previous one and keeps signing for ROTATION_OVERLAP_MS. */
  async rotateSecret(id: string, ctx: AuditContext): Promise<WebhookSecret> {
    const secret = newSigningSecret();
    const row = await this.db.transaction(async (tx) => {
      const current = await this.row(tx, id, true);
      const overlapUntil = new Date(Date.now() + ROTATION_OVERLAP_MS);
      const [rotated] = await tx
        .update(webhookEndpoints)
        .set({
          secretSealed: seal(this.key, secret),
          previousSecretSealed: seal(this.key, open(this.key, current.secretSealed)),
          previousSecretExpiresAt: overlapUntil,
        })
        .where(eq(webhookEndpoints.id, id))
        .returning();
      await writeActivity(tx, ctx, {
        action: 'rotate_signing_key',
        resource: RESOURCE,
        resourceId: id,
        details: { overlapUntil: overlapUntil.toISOString() },
      });
      return rotated!;
    });
    return { endpoint: await this.view(row), secret };
  }

  /** A `webhook.test` event for this endpoint only, queued now; it is not in the outbox. */
  async sendTest(id: string, ctx: AuditContext) {
    return this.db.transaction(async (tx) => {
      const endpoint = await this.row(tx, id);
      if (!endpoint.enabled) throw conflict('Turn the endpoint on to send it a test event');
      const eventId = newId();
      const envelope = {
        id: eventId,
        type: TEST_EVENT_TYPE,
        version: 1,
        occurredAt: new Date().toISOString(),
        data: { endpointId: id, message: 'A test event sent from the back office' },
      };
      const [delivery] = await tx
        .insert(webhookDeliveries)
        .values({ endpointId: id, eventId, eventType: TEST_EVENT_TYPE, objectId: `test:${eventId}`, payload: envelope })
        .returning();
      await writeActivity(tx, ctx, { action: 'send_test', resource: RESOURCE, resourceId: id, details: { eventId } });
      await wakeDeliverer(tx, id);
      return deliveryView(delivery!);
    });
  }

  /** The delivery goes out again now, with a fresh retry window and the same event id. */
  async resend(id: string, deliveryId: string, ctx: AuditContext) {
    return this.db.transaction(async (tx) => {
      const [delivery] = await tx
        .update(webhookDeliveries)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, firstAttemptAt: null })
        .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, id)))
        .returning();
      if (!delivery) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
      await writeActivity(tx, ctx, {
        action: 'resend',
        resource: RESOURCE,
        resourceId: id,
        details: { deliveryId, eventId: delivery.eventId },
      });
      await wakeDeliverer(tx, id);
      return deliveryView(delivery);
    });
  }

  /** Newest first, keyset-paginated on the delivery order. */
  async deliveries(id: string, cursor: string | undefined) {
    await this.row(this.db, id);
    const rows = await this.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, id), cursor ? lt(webhookDeliveries.seq, Number(cursor)) : undefined))
      .orderBy(desc(webhookDeliveries.seq))
      .limit(DELIVERY_PAGE_SIZE + 1);
    const page = rows.slice(0, DELIVERY_PAGE_SIZE);
    return {
      deliveries: page.map(deliveryView),
      nextCursor: rows.length > DELIVERY_PAGE_SIZE ? String(page.at(-1)!.seq) : null,
    };
  }

  private async row(db: DbOrTx, id: string, forUpdate = false): Promise<EndpointRow> {
    const query = db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    const [row] = forUpdate ? await query.for('update') : await query;
    if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
    return row;
  }

  private async view(row: EndpointRow): Promise<WebhookEndpoint> {
    const last = await lastDeliveries(this.db, [row.id]);
    return endpointView(row, last.get(row.id) ?? null);
  }
}

/** Each endpoint's newest delivery: its status, answer and time. */
async function lastDeliveries(db: DbOrTx, ids: string[]): Promise<Map<string, NonNullable<LastDelivery>>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{
    endpoint_id: string;
    status: 'pending' | 'delivered' | 'failed';
    code: number | null;
    at: Date | null;
  }>(
    db,
    sql`select distinct on (endpoint_id) endpoint_id, status, last_response_code as code, last_attempt_at as at
        from ${webhookDeliveries} where ${inArray(webhookDeliveries.endpointId, ids)}
        order by endpoint_id, seq desc`,
  );
  return new Map(
    rows.map((r) => [
      r.endpoint_id,
      { status: r.status, responseCode: r.code, at: r.at ? new Date(r.at).toISOString() : null },
    ]),
  );
}
