import type { EventEnvelope } from '@seamline/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { WebhookSettings } from '../../config.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { events, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { toEnvelope } from '../../lib/events.js';
import { open } from '../../lib/secret-box.js';
import { wakeDeliverer } from './delivery-jobs.js';
import { disableFailingEndpoint } from './disabling.js';
import type { DeliveryPace } from './pace.js';
import { GIVE_UP_LIMIT, nextAttempt } from './retry-schedule.js';
import { postDelivery, type SendOutcome } from './sender.js';
import { signatureHeader } from './signing.js';
import type { EndpointRow } from './views.js';

export type DeliverContext = { db: Db; key: Buffer; settings: WebhookSettings; pace: DeliveryPace };

/** Deliveries claimed at once, and sent at most this many side by side (each to a different object). */
const CLAIM = 64;
const PARALLEL = 16;
/** Claims per run; what is left is booked for the next run, so one run never holds a worker for long. */
const MAX_CLAIMS_PER_RUN = 100;

type Claimed = {
  id: string;
  event_id: string;
  object_id: string;
  payload: EventEnvelope | null;
  attempts: number;
  /** As the driver gives it for a raw query (a string or a Date): read it with `new Date()`. */
  first_attempt_at: string | Date | null;
};

const windowStartOf = (delivery: Claimed, now: Date) =>
  delivery.first_attempt_at ? new Date(delivery.first_attempt_at) : now;

/**
 * The `webhooks.deliver` task for one endpoint: sends its due deliveries (each due one at most once per run), in
 * order per object — a delivery waits while an earlier one of the same object is pending — and up to PARALLEL
 * objects at once; then books the next run for the earliest pending delivery. While the instance is busy, at the
 * pace `ctx.pace` allows (pace.ts).
 */
export async function deliverDue(ctx: DeliverContext, endpointId: string): Promise<void> {
  const runStartedAt = new Date();
  for (let claims = 0; claims < MAX_CLAIMS_PER_RUN; claims++) {
    // A busy instance: the next claim waits its turn in a run booked for then, which frees the queue's worker.
    const wait = ctx.pace.waitBeforeClaim(endpointId);
    if (wait > 0) return wakeDeliverer(ctx.db, endpointId, new Date(Date.now() + wait));
    const [endpoint] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    // Off: its deliveries wait until it is turned on again (which wakes a run); deleted: they are gone.
    if (!endpoint?.enabled) return;
    const claimed = await claimDue(ctx, endpointId, runStartedAt);
    if (claimed.length === 0) break;
    ctx.pace.claimed(endpointId);
    const bodies = await envelopes(ctx.db, claimed);
    await dropErased(ctx.db, claimed, bodies);
    const secrets = signingSecrets(endpoint, ctx.key);
    const delivered: Delivered[] = [];
    await eachAtMost(
      PARALLEL,
      claimed.filter((delivery) => bodies.has(delivery.id)),
      async (delivery) => {
        const done = await attempt(ctx, endpoint, delivery, bodies.get(delivery.id)!, secrets);
        if (done) delivered.push(done);
      },
    );
    // A claim's successes are recorded in one statement (a crash before it sends them again: receivers drop repeats).
    await recordSuccesses(ctx.db, endpoint.id, delivered);
  }
  await bookNextRun(ctx.db, endpointId);
}

/**
 * Takes the endpoint's due deliveries that head their object's queue, by pushing their due time past the sends'
 * lease: a crashed sender's deliveries come due again when it ends; a concurrent run skips them.
 *
 * Its cost must not depend on the table's statistics, which lag far behind a burst (a claim planned on those of a
 * nearly empty table ran its whole search once per delivery of the endpoint: 6.7 M buffers, 4 s). So the claim is
 * taken once (MATERIALIZED) and then updated by id, and "heads its object's queue" asks for the nearest earlier
 * pending delivery of the same object: the entry just below the candidate's in the object's own index (endpoint,
 * object, seq), then whether it is the same object. The index by (endpoint, seq) can answer that too, by reading all
 * the endpoint's pending deliveries below the candidate and sorting them, and on statistics that count the table
 * empty a sort of "one row" looks as cheap: during a checkout burst it was taken, 6,000–9,500 rows for each of the 64
 * candidates, 126–485 ms a claim and a tenth of the machine. Sorting is therefore ruled out for the claim's
 * transaction (`enable_sort`): both its walks have an index in the order they need, so it never has to sort.
 */
function claimDue(ctx: DeliverContext, endpointId: string, runStartedAt: Date): Promise<Claimed[]> {
  const now = new Date();
  const leaseMs = ctx.settings.timeoutMs * Math.ceil(CLAIM / PARALLEL) + 30_000;
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_sort = off`);
    return queryRows<Claimed>(
      tx,
      sql`with claimed as materialized (
          select c.id from ${webhookDeliveries} c
          where c.endpoint_id = ${endpointId} and c.status = 'pending' and c.next_attempt_at <= ${now}
            and (c.last_attempt_at is null or c.last_attempt_at < ${runStartedAt})
            and not exists (select 1 from (
              select e.object_id from ${webhookDeliveries} e
              where e.endpoint_id = c.endpoint_id and e.status = 'pending'
                and (e.object_id, e.seq) < (c.object_id, c.seq)
              order by e.object_id desc, e.seq desc limit 1) as earlier
              where earlier.object_id = c.object_id)
          order by c.seq limit ${CLAIM}
          for update skip locked)
        update ${webhookDeliveries} d set next_attempt_at = ${new Date(now.getTime() + leaseMs)}
        from claimed where d.id = claimed.id
        returning d.id, d.event_id, d.object_id, d.payload, d.attempts, d.first_attempt_at`,
    );
  });
}

/** Each claimed delivery's body: its own (a test event) or its outbox event's envelope, while that event exists. */
async function envelopes(db: Db, claimed: Claimed[]): Promise<Map<string, string>> {
  const ids = claimed.filter((d) => !d.payload).map((d) => d.event_id);
  const rows = ids.length ? await db.select().from(events).where(inArray(events.id, ids)) : [];
  const byEvent = new Map(rows.map((row) => [row.id, toEnvelope(row)]));
  const bodies = new Map<string, string>();
  for (const d of claimed) {
    const envelope = d.payload ?? byEvent.get(d.event_id);
    if (envelope) bodies.set(d.id, JSON.stringify(envelope));
  }
  return bodies;
}

/**
 * Deliveries whose event is gone (a person's data erased, or past the events' retention) are never sent: they end
 * as failed with the reason, and the object's later deliveries go on.
 */
async function dropErased(db: Db, claimed: Claimed[], bodies: Map<string, string>) {
  const gone = claimed.filter((delivery) => !bodies.has(delivery.id)).map((delivery) => delivery.id);
  if (gone.length === 0) return;
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', lastError: 'the event no longer exists (erased or past retention)' })
    .where(inArray(webhookDeliveries.id, gone));
}

/** The current secret, and the previous one while its overlap lasts. */
function signingSecrets(endpoint: EndpointRow, key: Buffer): string[] {
  const secrets = [open(key, endpoint.secretSealed)];
  if (
    endpoint.previousSecretSealed &&
    endpoint.previousSecretExpiresAt &&
    endpoint.previousSecretExpiresAt > new Date()
  )
    secrets.push(open(key, endpoint.previousSecretSealed));
  return secrets;
}

type Delivered = { id: string; responseCode: number; at: Date };

/** Sends one delivery; answers it when delivered (recorded by the caller), records a failure itself. */
async function attempt(
  ctx: DeliverContext,
  endpoint: EndpointRow,
  delivery: Claimed,
  body: string,
  secrets: string[],
): Promise<Delivered | null> {
  const timestamp = Math.floor(Date.now() / 1000);
  const outcome = await postDelivery(
    endpoint.url,
    body,
    {
      'webhook-id': delivery.event_id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(secrets, delivery.event_id, timestamp, body),
    },
    ctx.settings,
  );
  if (outcome.ok) return { id: delivery.id, responseCode: outcome.responseCode!, at: new Date() };
  await recordFailure(ctx, endpoint.id, delivery, outcome);
  return null;
}

/**
 * A claim's successes in one statement. Its ids go in as char(24)[], the key's own type: as text[] the key could not
 * serve the join, and each claim scanned the whole delivery log (62–91 ms with 135,000 deliveries kept).
 */
async function recordSuccesses(db: Db, endpointId: string, delivered: Delivered[]) {
  if (delivered.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update ${webhookDeliveries} d set status = 'delivered', attempts = d.attempts + 1,
            last_response_code = v.code, last_error = null, last_attempt_at = v.at, next_attempt_at = v.at,
            first_attempt_at = coalesce(d.first_attempt_at, v.at)
          from unnest(${sql.param(delivered.map((d) => d.id))}::char(24)[],
                      ${sql.param(delivered.map((d) => d.responseCode))}::int[],
                      ${sql.param(delivered.map((d) => d.at.toISOString()))}::timestamptz[])
            as v(id, code, at)
          where d.id = v.id`,
    );
    // A success ends the endpoint's failing streak (written only when there is one, to spare the row).
    await tx.execute(
      sql`update ${webhookEndpoints} set failing_since = null, given_up_in_row = 0
          where id = ${endpointId} and (failing_since is not null or given_up_in_row > 0)`,
    );
  });
}

/** Books the next try (or gives up), and turns the endpoint off when it has failed for too long. */
async function recordFailure(ctx: DeliverContext, endpointId: string, delivery: Claimed, outcome: SendOutcome) {
  const now = new Date();
  const attempts = delivery.attempts + 1;
  const windowStart = windowStartOf(delivery, now);
  const { giveUp, nextAttemptAt } = nextAttempt(attempts, windowStart, now, ctx.settings);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({
        status: giveUp ? 'failed' : 'pending',
        attempts,
        lastResponseCode: outcome.responseCode,
        lastError: outcome.error,
        lastAttemptAt: now,
        nextAttemptAt,
        firstAttemptAt: windowStart,
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    const [streak] = await queryRows<{ failing_since: Date; given_up_in_row: number }>(
      tx,
      sql`update ${webhookEndpoints} set failing_since = coalesce(failing_since, ${now}),
            given_up_in_row = given_up_in_row + ${giveUp ? 1 : 0}
          where id = ${endpointId} returning failing_since, given_up_in_row`,
    );
    if (!streak) return;
    const failingForMs = now.getTime() - new Date(streak.failing_since).getTime();
    if (failingForMs >= ctx.settings.retryWindowMs)
      await disableFailingEndpoint(
        tx,
        endpointId,
        `every delivery has failed since ${new Date(streak.failing_since).toISOString()}`,
      );
    else if (streak.given_up_in_row >= GIVE_UP_LIMIT)
      await disableFailingEndpoint(tx, endpointId, `${streak.given_up_in_row} deliveries in a row were given up`);
  });
}

/** The next run at the earliest pending delivery's due time (never later than a run already booked sooner). */
async function bookNextRun(db: Db, endpointId: string): Promise<void> {
  const [next] = await queryRows<{ at: Date | null }>(
    db,
    sql`select min(next_attempt_at) as at from ${webhookDeliveries}
        where endpoint_id = ${endpointId} and status = 'pending'`,
  );
  if (next?.at) await wakeDeliverer(db, endpointId, new Date(next.at));
}

/** Runs `work` over `items`, at most `limit` at once. */
async function eachAtMost<T>(limit: number, items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
