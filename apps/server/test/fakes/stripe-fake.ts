import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { StripeSettings } from '../../src/config-payments.js';
import {
  type FakeCharge,
  type FakeIntent,
  type FakeRefund,
  invalid,
  type Json,
  missing,
  parseForm,
  type StripeRequest,
  stringValues,
} from './stripe-wire.js';

/** A form body or query string parsed as Stripe reads it: `metadata[orderId]=o1` is `{ metadata: { orderId: 'o1' } }`. */
type StoredAnswer = { fingerprint: string; status: number; body: Json };
type Failure = { kind: 'hang' } | { kind: 'status'; status: number } | null;

/**
 * A local fake of the part of Stripe's HTTP API Seamline calls (create and retrieve payment intents, create and list
 * refunds, retrieve charges), for tests that drive the official SDK against it (`fake.apiBase` as `STRIPE_API_BASE`).
 * It keeps its objects in memory, parses form bodies like Stripe, answers a repeated `Idempotency-Key` with the first
 * answer (creating nothing twice), records every request, and can be told to hang or to answer 500. `event` builds a
 * webhook delivery signed exactly as Stripe signs it.
 */
export async function startStripeFake(options: { webhookSecret?: string } = {}) {
  const webhookSecret = options.webhookSecret ?? `whsec_fake_${randomBytes(16).toString('hex')}`;
  const requests: StripeRequest[] = [];
  const intents = new Map<string, FakeIntent>();
  const charges = new Map<string, FakeCharge>();
  const refunds = new Map<string, FakeRefund>();
  const answered = new Map<string, StoredAnswer>();
  const held = new Set<ServerResponse>();
  let failure: Failure = null;
  let refundOutcome: 'succeeded' | 'pending' | 'failed' = 'succeeded';

  const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
  const now = () => Math.floor(Date.now() / 1000);

  const chargeFor = (intent: FakeIntent): FakeCharge => {
    const existing = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
    if (existing) return existing;
    const charge: FakeCharge = {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      currency: intent.currency,
      payment_intent: intent.id,
      paid: true,
      refunded: false,
      status: 'succeeded',
      livemode: false,
      created: now(),
      metadata: { ...intent.metadata },
    };
    charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    return charge;
  };

  const routes: { method: string; path: RegExp; handle: (req: StripeRequest, match: string[]) => [number, Json] }[] = [
    {
      method: 'POST',
      path: /^\/v1\/payment_intents$/,
      handle: ({ body }) => {
        const amount = Number(body.amount);
        if (!Number.isInteger(amount) || amount < 1) return invalid('amount', 'Missing or invalid amount.');
        if (typeof body.currency !== 'string' || !/^[a-z]{3}$/.test(body.currency))
          return invalid('currency', 'Missing or invalid currency.');
        const id = newId('pi');
        const metadata = typeof body.metadata === 'object' ? stringValues(body.metadata) : {};
        const intent: FakeIntent = {
          id,
          object: 'payment_intent',
          amount,
          amount_received: 0,
          currency: body.currency,
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
          metadata,
          automatic_payment_methods:
            typeof body.automatic_payment_methods === 'object'
              ? { enabled: body.automatic_payment_methods.enabled === 'true' }
              : null,
          last_payment_error: null,
          next_action: null,
          latest_charge: null,
          cancellation_reason: null,
          livemode: false,
          created: now(),
        };
        intents.set(id, intent);
        return [200, intent];
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/payment_intents\/([^/]+)$/,
      handle: (_req, [id]) => {
        const intent = intents.get(id!);
        return intent ? [200, intent] : missing('payment_intent', id!, 'intent');
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/charges\/([^/]+)$/,
      handle: (_req, [id]) => {
        const charge = charges.get(id!);
        return charge ? [200, charge] : missing('charge', id!, 'id');
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/refunds$/,
      handle: ({ body }) => {
        const intentId = typeof body.payment_intent === 'string' ? body.payment_intent : '';
        const intent = intents.get(intentId);
        if (!intent) return missing('payment_intent', intentId, 'payment_intent');
        if (intent.status !== 'succeeded')
          return invalid('payment_intent', 'This PaymentIntent does not have a successful charge to refund.');
        const charge = chargeFor(intent);
        const left = charge.amount - charge.amount_refunded;
        const amount = body.amount === undefined ? left : Number(body.amount);
        if (!Number.isInteger(amount) || amount < 1) return invalid('amount', 'Invalid amount.');
        if (amount > left)
          return invalid('amount', `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`);
        const refund: FakeRefund = {
          id: newId('re'),
          object: 'refund',
          amount,
          currency: intent.currency,
          payment_intent: intent.id,
          charge: charge.id,
          status: refundOutcome,
          created: now(),
          metadata: {},
        };
        refunds.set(refund.id, refund);
        if (refundOutcome !== 'failed') {
          charge.amount_refunded += amount;
          charge.refunded = charge.amount_refunded === charge.amount;
        }
        return [200, refund];
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/refunds$/,
      handle: ({ query }) => {
        // Newest first, `limit` (10 by default) a page, `starting_after` the last id of the page before.
        let list = [...refunds.values()].reverse();
        if (typeof query.payment_intent === 'string')
          list = list.filter((r) => r.payment_intent === query.payment_intent);
        if (typeof query.charge === 'string') list = list.filter((r) => r.charge === query.charge);
        if (typeof query.starting_after === 'string') {
          const at = list.findIndex((r) => r.id === query.starting_after);
          list = at < 0 ? [] : list.slice(at + 1);
        }
        const limit = Math.min(100, Math.max(1, Number(query.limit ?? 10) || 10));
        return [200, { object: 'list', url: '/v1/refunds', data: list.slice(0, limit), has_more: list.length > limit }];
      },
    },
  ];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => answer(req, res, Buffer.concat(chunks).toString('utf8')));
  });

  function answer(req: IncomingMessage, res: ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const header = req.headers['idempotency-key'];
    const request: StripeRequest = {
      method,
      path: url.pathname,
      query: parseForm(url.search.slice(1)),
      body: parseForm(raw),
      idempotencyKey: typeof header === 'string' ? header : null,
      headers: req.headers,
    };
    requests.push(request);
    const send = (status: number, body: Json, extra: Record<string, string> = {}) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': newId('req'),
        ...extra,
      });
      res.end(JSON.stringify(body));
    };

    if (failure?.kind === 'hang') {
      held.add(res);
      res.on('close', () => held.delete(res));
      return;
    }
    if (failure?.kind === 'status')
      return send(failure.status, { error: { type: 'api_error', message: 'An unknown error occurred' } });
    if (!/^Bearer (sk|rk)_(test|live)_\S+$/.test(req.headers.authorization ?? ''))
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });

    const fingerprint = `${method} ${url.pathname} ${raw}`;
    const key = method === 'POST' ? request.idempotencyKey : null;
    const earlier = key ? answered.get(key) : undefined;
    if (earlier) {
      if (earlier.fingerprint !== fingerprint)
        return send(400, {
          error: {
            type: 'idempotency_error',
            message:
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          },
        });
      return send(earlier.status, earlier.body, { 'idempotent-replayed': 'true', 'idempotency-key': key! });
    }

    for (const route of routes) {
      if (route.method !== method) continue;
      const match = route.path.exec(url.pathname);
      if (!match) continue;
      const [status, body] = route.handle(request, match.slice(1).map(decodeURIComponent));
      const copy = structuredClone(body);
      if (key) answered.set(key, { fingerprint, status, body: copy });
      return send(status, copy, key ? { 'idempotency-key': key } : {});
    }
    send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname}).` },
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const intentOrThrow = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`the Stripe fake has no intent ${id}`);
    return intent;
  };

  return {
    apiBase,
    webhookSecret,
    /** Settings for a provider talking to this fake (test keys). */
    settings: { secretKey: 'sk_test_fake', publishableKey: 'pk_test_fake', webhookSecret, apiBase } as StripeSettings,
    /** Every request received, in order (answered or not). */
    requests,
    /** The objects the fake holds now (copies). */
    intents: () => [...intents.values()].map((i) => structuredClone(i)),
    intent: (id: string) => structuredClone(intentOrThrow(id)),
    charge(id: string) {
      const charge = charges.get(id);
      if (!charge) throw new Error(`the Stripe fake has no charge ${id}`);
      return structuredClone(charge);
    },
    refunds: () => [...refunds.values()].map((r) => structuredClone(r)),
    /**
     * Moves an intent on as the shopper's browser and the card network would: `succeeded` receives the amount (and
     * creates its charge), `requires_action` asks for 3-D Secure (`next_action`), `requires_payment_method` carries a
     * decline (`last_payment_error`, its message `message`), `canceled` cancels it. `patch` overrides any field.
     */
    setIntent(
      id: string,
      status: 'succeeded' | 'requires_action' | 'requires_payment_method' | 'processing' | 'canceled',
      patch: Json & { message?: string } = {},
    ): FakeIntent {
      const intent = intentOrThrow(id);
      const { message, ...fields } = patch;
      intent.status = status;
      intent.next_action = null;
      intent.last_payment_error = null;
      if (status === 'succeeded') {
        intent.amount_received = intent.amount;
        chargeFor(intent);
      }
      if (status === 'requires_action')
        intent.next_action = {
          type: 'redirect_to_url',
          redirect_to_url: { url: `${apiBase}/3ds/${id}`, return_url: 'http://localhost/checkout/return' },
        };
      if (status === 'requires_payment_method')
        intent.last_payment_error = {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: message ?? 'Your card was declined.',
        };
      if (status === 'canceled') intent.cancellation_reason = 'requested_by_customer';
      Object.assign(intent, fields);
      return structuredClone(intent);
    },
    /** What the next refunds end as (`succeeded` unless told). */
    setRefundOutcome(outcome: 'succeeded' | 'pending' | 'failed') {
      refundOutcome = outcome;
    },
    /** A dispute object on an intent's charge, as Stripe sends it in charge.dispute.* events. */
    dispute(intentId: string, patch: Json = {}) {
      const intent = intentOrThrow(intentId);
      const charge = chargeFor(intent);
      return {
        id: newId('dp'),
        object: 'dispute',
        amount: charge.amount,
        currency: charge.currency,
        charge: charge.id,
        payment_intent: intent.id,
        reason: 'fraudulent',
        status: 'needs_response',
        livemode: false,
        created: now(),
        metadata: {},
        ...patch,
      };
    },
    /** From now on requests are held without an answer (a frozen API: only the client's timeout ends them). */
    hang() {
      failure = { kind: 'hang' };
    },
    /** From now on every request is answered with this status and Stripe's error body. */
    failWith(status = 500) {
      failure = { kind: 'status', status };
    },
    /** Answers normally again; held requests are cut. */
    recover() {
      failure = null;
      for (const res of held) res.destroy();
    },
    /**
     * A webhook delivery of an event of `type` about `object`, signed as Stripe signs it (under this fake's secret
     * unless `secret` is given; now unless `signedAt` is given): the raw body and the headers to post it with.
     */
    event(type: string, object: Json, options: { secret?: string; id?: string; signedAt?: Date } = {}) {
      const payload = JSON.stringify({
        id: options.id ?? newId('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: now(),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      });
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? webhookSecret,
        timestamp: options.signedAt ? Math.floor(options.signedAt.getTime() / 1000) : undefined,
      });
      return { body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
    },
    close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type StripeFake = Awaited<ReturnType<typeof startStripeFake>>;
