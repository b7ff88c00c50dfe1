import { type confirmPaymentInput, paymentContracts as contracts, type EndpointResponse } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type AuditContext, auditContext } from '../../lib/audit.js';
import { serve } from '../../lib/contract-route.js';
import { idempotencyKey } from '../../lib/idempotency.js';
import { ok } from '../../lib/responses.js';
import type { AuthUser } from '../../types.js';
import { createIntentFor } from './payments.service.js';
import type { PaymentProviders } from './provider-registry.js';
import { deletePaymentMethod, listPaymentMethods, savePaymentMethod } from './saved-methods.js';

/**
 * What paying an order does to the order (status, stock, mail): the orders module's confirmPayment, handed in by
 * modules/index.ts, so payments stay below orders.
 */
export type PaymentConfirmation = (
  db: Db,
  payments: { providers: PaymentProviders; publicUrl: string },
  input: z.output<typeof confirmPaymentInput>,
  user: AuthUser | null,
  audit: AuditContext,
  key: string | undefined,
) => Promise<EndpointResponse<typeof contracts.confirm>>;

export const paymentRoutes =
  (confirmPayment: PaymentConfirmation): FastifyPluginAsyncZod =>
  async (app) => {
    const providers = app.payments;
    const provider = providers.forMethod('stripe')!;

    serve(app, contracts.createIntent, async (request, reply) => {
      const intent = await createIntentFor(app.db, provider, request.body, request.user!);
      return reply.status(201).send(ok({ paymentIntent: intent, clientSecret: intent.clientSecret }));
    });

    // Public so a guest can pay: a customer's order needs its owner (or staff), a guest order its e-mail.
    serve(app, contracts.confirm, async (request) => {
      const key = idempotencyKey(request.headers['idempotency-key']);
      return confirmPayment(
        app.db,
        { providers, publicUrl: app.config.publicUrl },
        request.body,
        request.user,
        auditContext(request),
        key,
      );
    });

    serve(app, contracts.listMethods, async (request) =>
      ok({ methods: await listPaymentMethods(app.db, request.user!.id) }),
    );

    serve(app, contracts.saveMethod, async (request, reply) => {
      const method = await savePaymentMethod(app.db, request.user!.id, request.body);
      return reply.status(201).send(ok({ method }, 'Payment method saved'));
    });

    serve(app, contracts.removeMethod, async (request) => {
      await deletePaymentMethod(app.db, request.user!.id, request.params.id);
      return { success: true as const, message: 'Payment method removed' };
    });
  };
