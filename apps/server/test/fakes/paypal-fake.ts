import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebhookDelivery, type WebhookEvent, webhookDelivery } from './paypal-webhooks.js';
import {
  type Capture,
  type CreateOrderBody,
  cents,
  decimal,
  type Link,
  type Money,
  payPalId as newId,
  type Order,
  type Refund,
  type RefundBody,
  VERIFY_FIELDS,
  type VerifyBody,
} from './paypal-wire.js';

/**
 * A local stand-in for PayPal's REST API, for tests that drive the official SDK against it (never a stub of our code).
 * It implements only what Seamline calls: client-credentials tokens, Orders v2 (create, show, capture), Payments v2
 * (show capture, refund capture) and webhook signature verification. Like PayPal it honours PayPal-Request-Id (the
 * same id on the same call answers the same, creating one object), and it needs the buyer's approval of an order
 * (`approve`, what the PayPal button does) before a capture.
 *
 * Every request is recorded for assertions. Controls: decline or hold the next capture, fail the next verification,
 * answer the next request with a 5xx, or hang every request (a frozen service, ended only by the client's timeout).
 */

export const FAKE_PAYPAL_CLIENT_ID = 'fake-paypal-client';
export const FAKE_PAYPAL_CLIENT_SECRET = 'fake-paypal-secret';
export const FAKE_PAYPAL_WEBHOOK_ID = 'WH-FAKE-0000000000000000';

export type RecordedPayPalRequest = {
  method: string;
  path: string;
  /** The PayPal-Request-Id header, when sent. */
  requestId: string | undefined;
  /** The JSON body, parsed (the token call's form body as text). */
  body: unknown;
};

type Answer = { status: number; body: unknown };

export async function startPayPalFake(options: { clientId?: string; clientSecret?: string; webhookId?: string } = {}) {
  const clientId = options.clientId ?? FAKE_PAYPAL_CLIENT_ID;
  const clientSecret = options.clientSecret ?? FAKE_PAYPAL_CLIENT_SECRET;
  const webhookId = options.webhookId ?? FAKE_PAYPAL_WEBHOOK_ID;
  const signingKey = randomBytes(32);
  const requests: RecordedPayPalRequest[] = [];
  const orders = new Map<string, Order>();
  const captures = new Map<string, { orderId: string; capture: Capture }>();
  const refunds = new Map<string, { captureId: string; refund: Refund }>();
  const tokens = new Set<string>();
  /** Answers already given per (call, PayPal-Request-Id): a retry gets the same answer. */
  const replies = new Map<string, Answer>();
  let nextCapture: 'decline' | 'declined-capture' | 'pending' | undefined;
  let failVerification = false;
  let failNext: number | undefined;
  let hanging = false;
  let apiBase = '';

  const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const link = (path: string, rel: string, method = 'GET'): Link => ({ href: `${apiBase}${path}`, rel, method });
  const error = (status: number, name: string, issue?: string, description?: string): Answer => ({
    status,
    body: {
      name,
      message: issue ? 'The requested action could not be performed.' : name,
      debug_id: newId(13).toLowerCase(),
      ...(issue ? { details: [{ issue, description: description ?? issue }] } : {}),
    },
  });
  const notFound = () =>
    error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');

  const signature = (transmissionId: string, time: string, forWebhook: string, event: string) =>
    createHmac('sha256', signingKey)
      .update(`${transmissionId}|${time}|${forWebhook}|${createHash('sha256').update(event).digest('hex')}`)
      .digest('base64');

  function createOrder(body: CreateOrderBody): Answer {
    const unit = body?.purchase_units?.[0];
    const value = unit?.amount?.value;
    const currency = unit?.amount?.currency_code;
    if (body?.intent !== 'CAPTURE' && body?.intent !== 'AUTHORIZE')
      return error(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER');
    if (
      !unit ||
      typeof value !== 'string' ||
      typeof currency !== 'string' ||
      !/^\d+(\.\d{2})?$/.test(value) ||
      !/^[A-Z]{3}$/.test(currency)
    ) {
      return error(422, 'UNPROCESSABLE_ENTITY', 'DECIMAL_PRECISION', 'The amount is not a valid decimal.');
    }
    const id = newId();
    const order: Order = {
      id,
      status: 'CREATED',
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: unit.reference_id ?? 'default',
          amount: { currency_code: currency, value },
          ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
          ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
        },
      ],
      links: [
        link(`/v2/checkout/orders/${id}`, 'self'),
        { href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`, rel: 'approve', method: 'GET' },
        link(`/v2/checkout/orders/${id}/capture`, 'capture', 'POST'),
      ],
      create_time: now(),
    };
    orders.set(id, order);
    return { status: 201, body: order };
  }

  function captureOrder(orderId: string): Answer {
    const order = orders.get(orderId);
    if (!order) return notFound();
    if (order.status === 'COMPLETED') return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
    if (order.status !== 'APPROVED') return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
    const outcome = nextCapture;
    nextCapture = undefined;
    if (outcome === 'decline') {
      return error(422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED', 'The instrument presented was declined.');
    }
    const unit = order.purchase_units[0]!;
    const id = newId();
    const capture: Capture = {
      id,
      status: outcome === 'pending' ? 'PENDING' : outcome === 'declined-capture' ? 'DECLINED' : 'COMPLETED',
      ...(outcome === 'pending' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
      amount: unit.amount,
      final_capture: true,
      ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
      ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
      supplementary_data: { related_ids: { order_id: orderId } },
      links: [
        link(`/v2/payments/captures/${id}`, 'self'),
        link(`/v2/payments/captures/${id}/refund`, 'refund', 'POST'),
        link(`/v2/checkout/orders/${orderId}`, 'up'),
      ],
      create_time: now(),
      update_time: now(),
    };
    unit.payments = { captures: [capture] };
    order.status = 'COMPLETED';
    captures.set(id, { orderId, capture });
    return { status: 201, body: order };
  }

  function refundCapture(captureId: string, body: RefundBody): Answer {
    const found = captures.get(captureId);
    if (!found) return notFound();
    const { capture, orderId } = found;
    if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED') {
      return error(422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED');
    }
    const unit = orders.get(orderId)!.purchase_units[0]!;
    const refunded = (unit.payments?.refunds ?? []).reduce((sum, r) => sum + cents(r.amount.value), 0);
    const amount: Money = body?.amount ?? {
      currency_code: capture.amount.currency_code,
      value: decimal(cents(capture.amount.value) - refunded),
    };
    if (amount.currency_code !== capture.amount.currency_code) {
      return error(422, 'UNPROCESSABLE_ENTITY', 'REFUND_CURRENCY_MISMATCH');
    }
    if (!/^\d+(\.\d{2})?$/.test(amount.value) || cents(amount.value) <= 0) {
      return error(422, 'UNPROCESSABLE_ENTITY', 'DECIMAL_PRECISION');
    }
    if (refunded + cents(amount.value) > cents(capture.amount.value)) {
      return error(422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED');
    }
    const id = newId();
    const refund: Refund = {
      id,
      status: 'COMPLETED',
      amount,
      links: [link(`/v2/payments/refunds/${id}`, 'self'), link(`/v2/payments/captures/${captureId}`, 'up')],
      create_time: now(),
      update_time: now(),
    };
    unit.payments!.refunds = [...(unit.payments!.refunds ?? []), refund];
    capture.status = refunded + cents(amount.value) === cents(capture.amount.value) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    refunds.set(id, { captureId, refund });
    return { status: 201, body: refund };
  }

  function verify(body: VerifyBody): Answer {
    const fail = failVerification;
    failVerification = false;
    const { transmission_id: id, transmission_time: time, webhook_id: forWebhook } = body ?? {};
    if (
      VERIFY_FIELDS.some((field) => typeof body?.[field] !== 'string') ||
      typeof body?.webhook_event !== 'object' ||
      !id ||
      !time ||
      !forWebhook
    ) {
      return error(400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER');
    }
    const expected = signature(id, time, forWebhook, JSON.stringify(body.webhook_event));
    const ok = !fail && forWebhook === webhookId && body.transmission_sig === expected;
    return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
  }

  function route(method: string, path: string, body: unknown, authorization: string | undefined): Answer {
    if (method === 'POST' && path === '/v1/oauth2/token') {
      const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (authorization !== basic)
        return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
      const token = `A21AA${randomBytes(24).toString('hex')}`;
      tokens.add(token);
      return {
        status: 200,
        body: {
          scope: 'https://uri.paypal.com/services/payments/payment',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-FAKE',
          expires_in: 32400,
          nonce: randomUUID(),
        },
      };
    }
    if (!authorization?.startsWith('Bearer ') || !tokens.has(authorization.slice(7))) {
      return error(401, 'AUTHENTICATION_FAILURE', undefined);
    }
    const id = (pattern: RegExp) => path.match(pattern)?.[1];
    const orderId = id(/^\/v2\/checkout\/orders\/([^/]+)$/);
    const capturedOrderId = id(/^\/v2\/checkout\/orders\/([^/]+)\/capture$/);
    const captureId = id(/^\/v2\/payments\/captures\/([^/]+)$/);
    const refundedCaptureId = id(/^\/v2\/payments\/captures\/([^/]+)\/refund$/);
    if (method === 'POST' && path === '/v2/checkout/orders') return createOrder(body as CreateOrderBody);
    if (method === 'GET' && orderId) {
      const order = orders.get(orderId);
      return order ? { status: 200, body: order } : notFound();
    }
    if (method === 'POST' && capturedOrderId) return captureOrder(capturedOrderId);
    if (method === 'GET' && captureId) {
      const found = captures.get(captureId);
      return found ? { status: 200, body: found.capture } : notFound();
    }
    if (method === 'POST' && refundedCaptureId) return refundCapture(refundedCaptureId, body as RefundBody);
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') return verify(body as VerifyBody);
    return notFound();
  }

  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const method = req.method ?? 'GET';
      const requestId = header(req, 'paypal-request-id');
      let body: unknown = text;
      if ((req.headers['content-type'] ?? '').includes('json') && text !== '') {
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
      }
      requests.push({ method, path, requestId, body });
      if (hanging) return; // held open until the client gives up or the fake closes
      let answer: Answer;
      if (failNext !== undefined) {
        answer = error(failNext, 'INTERNAL_SERVER_ERROR', undefined);
        failNext = undefined;
      } else if (body === undefined) {
        answer = error(400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON');
      } else {
        const key = requestId && method === 'POST' ? `${path} ${requestId}` : undefined;
        const replayed = key ? replies.get(key) : undefined;
        answer = replayed ?? route(method, path, body, header(req, 'authorization'));
        if (key && !replayed && answer.status < 300) replies.set(key, answer);
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', 'paypal-debug-id': newId(13).toLowerCase() });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    apiBase,
    clientId,
    clientSecret,
    webhookId,
    requests,
    /** Requests to a path (e.g. '/v2/checkout/orders'), optionally of one method. */
    requestsTo(path: string | RegExp, method?: string) {
      return requests.filter(
        (r) => (typeof path === 'string' ? r.path === path : path.test(r.path)) && (!method || r.method === method),
      );
    },
    order: (id: string) => orders.get(id),
    orderCount: () => orders.size,
    capture: (id: string) => captures.get(id)?.capture,
    refund: (id: string) => refunds.get(id)?.refund,
    /** The buyer approves the order in the PayPal button (a capture needs it). */
    approve(orderId: string) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no PayPal order ${orderId}`);
      order.status = 'APPROVED';
      order.payer = { email_address: 'buyer@example.com', payer_id: newId(13) };
    },
    /** The buyer gives up on the order (it can no longer be captured). */
    void(orderId: string) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no PayPal order ${orderId}`);
      order.status = 'VOIDED';
    },
    /**
     * The next capture is declined: by default as PayPal answers a declined funding source (422 INSTRUMENT_DECLINED,
     * the order stays approved); `capture`: a capture made with status DECLINED (a card processor's refusal).
     */
    declineNextCapture(how: 'error' | 'capture' = 'error') {
      nextCapture = how === 'error' ? 'decline' : 'declined-capture';
    },
    /** The next capture is held for review (status PENDING). */
    holdNextCapture() {
      nextCapture = 'pending';
    },
    /** The next webhook verification answers FAILURE. */
    failNextVerification() {
      failVerification = true;
    },
    /** The next request is answered with this 5xx status. */
    failNextRequest(status = 500) {
      failNext = status;
    },
    /** PayPal keeps request ids for hours, not forever: later retries are new calls (a second capture is refused). */
    forgetRequestIds() {
      replies.clear();
    },
    /** From now on every request is held without an answer (until close). */
    hang() {
      hanging = true;
    },
    /** A delivery of this event the fake's verification accepts, as PayPal would send it. */
    event(type: string, resource: unknown): WebhookDelivery & { event: WebhookEvent } {
      return webhookDelivery(type, resource, (body, id, time) =>
        signature(id, time, webhookId, JSON.stringify(JSON.parse(body))),
      );
    },
    /** A delivery of this event with a signature the fake's verification rejects (forged, or for another webhook). */
    forgedEvent(type: string, resource: unknown): WebhookDelivery & { event: WebhookEvent } {
      return webhookDelivery(type, resource, (body, id, time) =>
        signature(id, time, 'WH-SOMEONE-ELSE', JSON.stringify(JSON.parse(body))),
      );
    },
    /** The dispute resource PayPal sends for a capture (CUSTOMER.DISPUTE.CREATED / RESOLVED). */
    disputeResource(captureId: string, input: { status?: string; outcome?: string; reason?: string } = {}) {
      const capture = captures.get(captureId)?.capture;
      if (!capture) throw new Error(`no PayPal capture ${captureId}`);
      return {
        dispute_id: `PP-D-${newId(5)}`,
        create_time: now(),
        update_time: now(),
        disputed_transactions: [
          {
            seller_transaction_id: captureId,
            create_time: capture.create_time,
            transaction_status: 'COMPLETED',
            gross_amount: capture.amount,
            seller: { merchant_id: 'MERCHANT-FAKE' },
          },
        ],
        reason: input.reason ?? 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
        status: input.status ?? (input.outcome ? 'RESOLVED' : 'OPEN'),
        dispute_amount: capture.amount,
        ...(input.outcome ? { dispute_outcome: { outcome_code: input.outcome, amount_refunded: capture.amount } } : {}),
        dispute_life_cycle_stage: 'INQUIRY',
        dispute_channel: 'INTERNAL',
        links: [{ href: `${apiBase}/v1/customer/disputes/PP-D`, rel: 'self', method: 'GET' }],
      };
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type PayPalFake = Awaited<ReturnType<typeof startPayPalFake>>;

function header(req: IncomingMessage, name: string) {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
