import { confirmPaymentInput, idParams, paymentIntentInput, savedPaymentMethodInput } from '@seamline/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentMethods } from '../../db/schema/index.js';
import { auditContext } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { callerOf, idempotencyHeaders, idempotencyKey, once } from '../../lib/idempotency.js';
import { ok } from '../../lib/responses.js';
import { confirmOrderPayment } from './confirm-payment.js';
import { createPaymentIntent, listPaymentMethods, paymentMethodView } from './payments.service.js';
import { paymentProvider } from './provider-registry.js';

const tags = ['payments'];

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = paymentProvider(app.config);

  app.post(
    '/payments/create-payment-intent',
    { config: { access: 'authenticated' }, schema: { tags, body: paymentIntentInput } },
    async (request, reply) => {
      const intent = await createPaymentIntent(app.db, provider, request.body.amount);
      return reply.status(201).send(ok({ paymentIntent: intent, clientSecret: intent.clientSecret }));
    },
  );

  // Public so a guest can pay: a customer's order needs its owner (or staff), a guest order its e-mail.
  app.post(
    '/payments/confirm',
    {
      config: { access: 'public' },
      schema: { tags, headers: idempotencyHeaders, body: confirmPaymentInput },
    },
    async (request, reply) => {
      const key = idempotencyKey(request.headers['idempotency-key']);
      const caller = callerOf(request.user, request.body.email);
      const idempotent = { operation: 'payment-confirm', key, caller, body: request.body };
      const result = await once(app.db, idempotent, (tx) =>
        confirmOrderPayment(tx, provider, request.body, request.user, auditContext(request)),
      );
      return reply.status(result.statusCode).send(result.body);
    },
  );

  app.get('/payments/methods', { config: { access: 'authenticated' }, schema: { tags } }, async (request) =>
    ok({ methods: (await listPaymentMethods(app.db, request.user!.id)).map(paymentMethodView) }),
  );

  app.post(
    '/payments/methods',
    { config: { access: 'authenticated' }, schema: { tags, body: savedPaymentMethodInput } },
    async (request, reply) => {
      const userId = request.user!.id;
      const { token, ...card } = request.body;
      const row = await app.db.transaction(async (tx) => {
        if (card.isDefault)
          await tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.userId, userId));
        const [created] = await tx
          .insert(paymentMethods)
          .values({
            userId,
            providerToken: token,
            ...card,
            brand: card.brand ?? 'card',
            isDefault: card.isDefault ?? false,
          })
          .returning();
        return created!;
      });
      return reply.status(201).send(ok({ method: paymentMethodView(row) }, 'Payment method saved'));
    },
  );

  app.delete(
    '/payments/methods/:id',
    { config: { access: 'authenticated' }, schema: { tags, params: idParams('payment method') } },
    async (request) => {
      const [deleted] = await app.db
        .delete(paymentMethods)
        .where(and(eq(paymentMethods.id, request.params.id), eq(paymentMethods.userId, request.user!.id)))
        .returning({ id: paymentMethods.id });
      if (!deleted) throw notFound('Payment method not found');
      return { success: true as const, message: 'Payment method removed' };
    },
  );
};
