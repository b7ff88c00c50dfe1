import { paymentContracts as contracts } from '@seamline/shared';
import { and, asc, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { payments } from '../../db/schema/index.js';
import { serve } from '../../lib/contract-route.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { ok } from '../../lib/responses.js';
import type { ProviderEvent, ProviderName } from './provider.js';
import type { PaymentProviders } from './provider-registry.js';

/**
 * What applying a verified provider event did (the orders module's settleProviderEvent): `applied`; `duplicate` (this
 * event id was applied before: nothing changes); `ignored` (nothing of ours: an intent no order was placed with, or
 * news older than what we know); `refused` (the amount or currency differ from the charge: not believed, logged).
 */
export type SettlementOutcome = 'applied' | 'duplicate' | 'ignored' | 'refused';
export type SettleEvent = (
  db: Db,
  provider: ProviderName,
  event: ProviderEvent,
  publicUrl: string,
) => Promise<SettlementOutcome>;

export const RECONCILE_TASK = 'payments.reconcile';
/** Intents asked about per run (oldest first); the next run takes the rest. */
const RECONCILE_BATCH = 100;
/** Past this age an intent is left alone: the provider lets an unpaid intent go long before. */
const RECONCILE_HORIZON_MS = 7 * 86_400_000;

export const WEBHOOK_INVALID = 'Invalid webhook signature';

/**
 * The providers' webhooks and the reconciliation job: how the shop learns that money moved. An order is paid when a
 * signed event of the provider says so (docs/decisions/0065-payments.md), never because a browser came back.
 */
export const paymentSettlementRoutes =
  (settle: SettleEvent): FastifyPluginAsyncZod =>
  async (app) => {
    const providers = app.payments;
    // The signature is over the exact bytes sent: this route's bodies stay raw (a Buffer), whatever their type.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
      done(null, body),
    );

    serve(app, contracts.providerWebhook, async (request) => {
      const provider = providers.byName(request.params.provider);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      // A provider that cannot be asked right now (PayPal verifies by a call to PayPal): 503, and it delivers again.
      const event = provider
        ? await provider.parseWebhook(raw, request.headers).catch((error: unknown) => {
            request.log.warn({ err: error, provider: provider.name }, 'payment webhook could not be verified now');
            throw new AppError(
              503,
              'PROVIDER_UNAVAILABLE',
              'The payment provider could not be reached. Try again later.',
            );
          })
        : null;
      // Nothing is written for a delivery that is not the provider's own.
      if (!provider || event === null) throw badRequest(WEBHOOK_INVALID);
      if (event === 'ignored') return ok({ received: true as const, outcome: 'ignored' as const });
      const outcome = await settle(app.db, provider.name, event, app.config.publicUrl);
      if (outcome === 'refused')
        app.log.warn(
          { provider: provider.name, eventId: event.id, intentId: event.intentId },
          'payment event refused: amount or currency differ from the order',
        );
      return ok({ received: true as const, outcome });
    });

    registerReconciliation(app, providers, settle);
  };

/**
 * Every 5 minutes, on one instance: provider charges left without a final word for longer than
 * PAYMENTS_RECONCILE_AFTER_MINUTES are asked about, and what the provider says now is settled as an event of its own
 * (`reconcile:<intent>:<status>`), so a lost webhook never leaves a paid order unpaid, and a late webhook after it
 * changes nothing.
 */
function registerReconciliation(app: FastifyInstance, providers: PaymentProviders, settle: SettleEvent) {
  app.queue.recurring('*/5 * * * *', RECONCILE_TASK, () =>
    reconcilePayments(app.db, providers, settle, app.config.publicUrl, app.config.payments.reconcileAfterMs),
  );
}

/** One reconciliation run; returns how many intents it settled. */
export async function reconcilePayments(
  db: Db,
  providers: PaymentProviders,
  settle: SettleEvent,
  publicUrl: string,
  afterMs: number,
): Promise<number> {
  const now = Date.now();
  const asked = providers
    .all()
    .filter((provider) => provider.name !== 'test')
    .map((provider) => provider.name);
  if (asked.length === 0) return 0;
  const waiting = await db
    .select({ provider: payments.provider, intentId: payments.intentId, currency: payments.currency })
    .from(payments)
    .where(
      and(
        eq(payments.kind, 'charge'),
        notInArray(payments.status, ['succeeded', 'failed', 'canceled']),
        inArray(payments.provider, asked),
        lt(payments.createdAt, new Date(now - afterMs)),
        sql`${payments.createdAt} > ${new Date(now - RECONCILE_HORIZON_MS)}`,
        sql`${payments.orderId} IS NOT NULL`,
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(RECONCILE_BATCH);
  let settled = 0;
  for (const charge of waiting) {
    const provider = providers.byName(charge.provider)!;
    const state = await provider.retrieve(charge.intentId).catch(() => null);
    if (!state || state.status === 'pending') continue;
    const base = { id: `reconcile:${charge.intentId}:${state.status}`, intentId: charge.intentId };
    const money = { amountCents: state.amountCents, currency: state.currency };
    const event: ProviderEvent =
      state.status === 'succeeded'
        ? { ...base, ...money, type: 'payment.succeeded' }
        : { ...base, ...money, type: 'payment.failed', message: state.message ?? `The payment was ${state.status}.` };
    if ((await settle(db, provider.name, event, publicUrl)) === 'applied') settled += 1;
  }
  return settled;
}
