import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  type OAuthToken,
  type Order,
  OrdersController,
  PaymentsController,
} from '@paypal/paypal-server-sdk';
import axios, { type AxiosAdapter } from 'axios';
import type { PayPalSettings } from '../../config-payments.js';
import type { PaymentProvider, ProviderEvent, ProviderIntentState, WebhookHeaders } from './provider.js';

export const PAYPAL_LIVE_API_BASE = 'https://api-m.paypal.com';
const PAYPAL_SANDBOX_API_BASE = 'https://api-m.sandbox.paypal.com';
const DEFAULT_TIMEOUT_MS = 10_000;

/** The headers PayPal signs a webhook delivery with (verified by PayPal's verify-webhook-signature API). */
export const PAYPAL_WEBHOOK_HEADERS = {
  authAlgo: 'paypal-auth-algo',
  certUrl: 'paypal-cert-url',
  transmissionId: 'paypal-transmission-id',
  transmissionSig: 'paypal-transmission-sig',
  transmissionTime: 'paypal-transmission-time',
} as const;

/**
 * PayPal through its official server SDK (Orders v2 and Payments v2). Our intent is a PayPal order (intent CAPTURE):
 * the shopper approves it in the PayPal button, our server captures it (`confirm`), and PayPal's capture webhooks
 * settle the order too when the browser never comes back. Every call has a timeout (10 s unless told otherwise).
 *
 * The SDK only knows PayPal's two hosts; any other `apiBase` (a local fake in tests) is reached by rewriting the
 * SDK's request URLs onto it.
 */
export function paypalProvider(settings: PayPalSettings, options: { timeoutMs?: number } = {}): PaymentProvider {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const apiBase = settings.apiBase.replace(/\/+$/, '');
  const live = isLiveApiBase(apiBase);
  let token: OAuthToken | undefined;

  const client = new Client({
    environment: live ? Environment.Production : Environment.Sandbox,
    timeout: timeoutMs,
    clientCredentialsAuthCredentials: {
      oAuthClientId: settings.clientId,
      oAuthClientSecret: settings.clientSecret,
      // One token for the SDK's calls and our webhook verification, fetched again when it expires.
      oAuthTokenProvider: async (_last, manager) => {
        token = await manager.updateToken(token);
        return token;
      },
    },
    httpClientOptions: { timeout: timeoutMs, retryConfig: { maxNumberOfRetries: 0 } },
    unstable_httpClientOptions: apiBase === sdkBase(live) ? undefined : { adapter: rebasingAdapter(live, apiBase) },
  });
  const orders = new OrdersController(client);
  const payments = new PaymentsController(client);

  const accessToken = async () => {
    token = await client.clientCredentialsAuthManager.updateToken(token);
    return token.accessToken;
  };

  /** What PayPal's refund and dispute events leave out: they name only the capture. */
  const lookups: WebhookLookups = {
    async orderOfCapture(captureId) {
      try {
        const { result } = await payments.getCapturedPayment({ captureId });
        return result.supplementaryData?.relatedIds?.orderId;
      } catch (error) {
        // A capture PayPal does not know for our app is not one of our payments.
        if (error instanceof ApiError && error.statusCode === 404) return undefined;
        throw error;
      }
    },
    async refundsOf(orderId) {
      const { result } = await orders.getOrder({ id: orderId });
      return (result.purchaseUnits?.[0]?.payments?.refunds ?? [])
        .filter((r) => r.id && r.amount && r.status === 'COMPLETED')
        .map((r) => ({ id: r.id!, amountCents: toCents(r.amount!.value) }));
    },
  };

  /** PayPal's answer to "is this delivery signed by PayPal for our webhook": true only for SUCCESS. */
  const verified = async (rawBody: string, headers: WebhookHeaders) => {
    const value = (name: string) => {
      const v = headers[name];
      return typeof v === 'string' && v !== '' ? v : undefined;
    };
    const fields = {
      auth_algo: value(PAYPAL_WEBHOOK_HEADERS.authAlgo),
      cert_url: value(PAYPAL_WEBHOOK_HEADERS.certUrl),
      transmission_id: value(PAYPAL_WEBHOOK_HEADERS.transmissionId),
      transmission_sig: value(PAYPAL_WEBHOOK_HEADERS.transmissionSig),
      transmission_time: value(PAYPAL_WEBHOOK_HEADERS.transmissionTime),
      webhook_id: settings.webhookId,
    };
    if (Object.values(fields).some((v) => v === undefined)) return false;
    // The event goes back exactly as received: a re-serialised event can differ from what PayPal signed.
    const body = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${rawBody}}`;
    const response = await fetch(`${apiBase}/v1/notifications/verify-webhook-signature`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await accessToken()}` },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status >= 500) throw new Error(`PayPal webhook verification answered ${response.status}`);
    if (!response.ok) return false;
    const answer = (await response.json().catch(() => null)) as { verification_status?: string } | null;
    return answer?.verification_status === 'SUCCESS';
  };

  return {
    name: 'paypal',
    mode: live ? 'live' : 'test',

    async createIntent({ amountCents, currency, idempotencyKey, metadata }) {
      const customId = metadata.customId ?? metadata.orderId;
      const invoiceId = metadata.invoiceId ?? metadata.orderNumber;
      const { result } = await orders.createOrder({
        paypalRequestId: idempotencyKey,
        prefer: 'return=representation',
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              amount: { currencyCode: currency.toUpperCase(), value: toDecimal(amountCents) },
              ...(customId ? { customId } : {}),
              ...(invoiceId ? { invoiceId } : {}),
            },
          ],
        },
      });
      if (!result.id) throw new Error('PayPal created an order without an id');
      return {
        id: result.id,
        clientSecret: result.id,
        amountCents,
        currency: currency.toLowerCase(),
        status: 'requires_confirmation',
      };
    },

    async confirm(intentId) {
      try {
        const { result } = await orders.captureOrder({
          id: intentId,
          // One capture per order, however often the browser asks.
          paypalRequestId: `capture-${intentId}`,
          prefer: 'return=representation',
        });
        const capture = firstCapture(result);
        const status = capture?.status ?? result.status;
        if (status === 'COMPLETED') return { status: 'succeeded' };
        if (status === 'PENDING') {
          return { status: 'pending', message: `PayPal holds the payment for review (${pendingReason(result)}).` };
        }
        return { status: 'declined', message: 'PayPal declined the payment.' };
      } catch (error) {
        const issue = paypalIssue(error);
        if (issue === 'ORDER_ALREADY_CAPTURED') return { status: 'succeeded' };
        if (issue === 'INSTRUMENT_DECLINED') {
          return { status: 'declined', message: 'PayPal declined the payment method. Choose another one.' };
        }
        if (issue === 'ORDER_NOT_APPROVED' || issue === 'PAYER_ACTION_REQUIRED') {
          return { status: 'declined', message: 'The PayPal payment was not approved.' };
        }
        throw error;
      }
    },

    async retrieve(intentId): Promise<ProviderIntentState> {
      const { result } = await orders.getOrder({ id: intentId });
      const unit = result.purchaseUnits?.[0];
      const capture = firstCapture(result);
      const money = capture?.amount ?? unit?.amount;
      const amount = {
        amountCents: money ? toCents(money.value) : 0,
        currency: (money?.currencyCode ?? 'usd').toLowerCase(),
      };
      if (result.status === 'VOIDED') return { status: 'canceled', ...amount };
      if (capture?.status === 'DECLINED' || capture?.status === 'FAILED') {
        return { status: 'failed', ...amount, message: 'PayPal declined the payment.' };
      }
      // A refunded capture was paid first (its refunds are rows of their own).
      const paid = ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED'];
      if (result.status === 'COMPLETED' && capture?.status && paid.includes(capture.status)) {
        return { status: 'succeeded', ...amount };
      }
      return { status: 'pending', ...amount };
    },

    async refund({ intentId, amountCents, currency, idempotencyKey }) {
      const { result: order } = await orders.getOrder({ id: intentId });
      const captureId = firstCapture(order)?.id;
      if (!captureId) throw new Error(`PayPal order ${intentId} has no capture to refund`);
      const { result } = await payments.refundCapturedPayment({
        captureId,
        paypalRequestId: idempotencyKey,
        prefer: 'return=representation',
        body: { amount: { currencyCode: currency.toUpperCase(), value: toDecimal(amountCents) } },
      });
      if (!result.id) throw new Error('PayPal answered a refund without an id');
      const status = result.status === 'COMPLETED' ? 'succeeded' : result.status === 'PENDING' ? 'pending' : 'failed';
      return { id: result.id, status };
    },

    async parseWebhook(rawBody, headers) {
      const text = rawBody.toString('utf8');
      let event: PayPalWebhookEvent;
      try {
        event = JSON.parse(text) as PayPalWebhookEvent;
      } catch {
        return null;
      }
      if (!event || typeof event !== 'object' || typeof event.id !== 'string' || typeof event.event_type !== 'string') {
        return null;
      }
      if (!(await verified(text, headers))) return null;
      return normalise(event, lookups);
    },

    // PayPal's activity pages are keyed by the capture (transaction) id, not the order id we keep.
    dashboardUrl: () => null,
  };
}

/** True for PayPal's live API host (anything else, the sandbox or a local fake, is test mode). */
export function isLiveApiBase(apiBase: string) {
  try {
    const host = new URL(apiBase).host;
    return host === 'api-m.paypal.com' || host === 'api.paypal.com';
  } catch {
    return false;
  }
}

const sdkBase = (live: boolean) => (live ? PAYPAL_LIVE_API_BASE : PAYPAL_SANDBOX_API_BASE);

/** Sends the SDK's requests (built for PayPal's own host) to `apiBase` instead, through axios' own HTTP adapter. */
function rebasingAdapter(live: boolean, apiBase: string): AxiosAdapter {
  const http = axios.getAdapter('http');
  const from = sdkBase(live);
  return (config) => {
    const url = config.url?.startsWith(from) ? apiBase + config.url.slice(from.length) : config.url;
    return http({ ...config, url });
  };
}

type Money = { currency_code?: string; value?: string };
type Link = { href?: string; rel?: string };

/** The parts of PayPal's webhook events (v1 notifications, resources of Payments v2 and Disputes v1) we read. */
type PayPalWebhookEvent = {
  id: string;
  event_type: string;
  resource?: {
    id?: string;
    status?: string;
    amount?: Money;
    status_details?: { reason?: string };
    supplementary_data?: { related_ids?: { order_id?: string } };
    links?: Link[];
    // Disputes
    dispute_id?: string;
    reason?: string;
    dispute_amount?: Money;
    dispute_outcome?: { outcome_code?: string };
    disputed_transactions?: { seller_transaction_id?: string; custom?: string }[];
  };
};

type WebhookLookups = {
  /** The PayPal order (our intent) a capture belongs to; undefined for one that is not ours. */
  orderOfCapture(captureId: string): Promise<string | undefined>;
  /** The order's completed refunds as PayPal knows them now. */
  refundsOf(orderId: string): Promise<{ id: string; amountCents: number }[]>;
};

async function normalise(event: PayPalWebhookEvent, lookups: WebhookLookups): Promise<ProviderEvent | 'ignored'> {
  const resource = event.resource ?? {};
  const money = (m: Money | undefined) => ({
    amountCents: m?.value ? toCents(m.value) : 0,
    currency: (m?.currency_code ?? '').toLowerCase(),
  });
  const base = (intentId: string | undefined, amount: Money | undefined) =>
    intentId ? { id: event.id, intentId, ...money(amount) } : undefined;

  switch (event.event_type) {
    case 'PAYMENT.CAPTURE.COMPLETED': {
      const common = base(orderIdOf(resource), resource.amount);
      return common ? { ...common, type: 'payment.succeeded' } : 'ignored';
    }
    case 'PAYMENT.CAPTURE.DENIED':
    case 'PAYMENT.CAPTURE.DECLINED': {
      const common = base(orderIdOf(resource), resource.amount);
      const reason = resource.status_details?.reason;
      return common
        ? { ...common, type: 'payment.failed', message: `PayPal declined the payment${reason ? ` (${reason})` : ''}.` }
        : 'ignored';
    }
    case 'PAYMENT.CAPTURE.REFUNDED': {
      // The refund names its capture by its `up` link; the capture names its order.
      const captureId = linkedId(resource.links, 'up', '/v2/payments/captures/');
      const orderId = orderIdOf(resource) ?? (captureId ? await lookups.orderOfCapture(captureId) : undefined);
      const common = base(orderId, resource.amount);
      if (!common || !resource.id) return 'ignored';
      const known = await lookups.refundsOf(common.intentId);
      const refunds = known.some((r) => r.id === resource.id)
        ? known
        : [...known, { id: resource.id, amountCents: common.amountCents }];
      return { ...common, type: 'refund.succeeded', refunds };
    }
    case 'CUSTOMER.DISPUTE.CREATED':
    case 'CUSTOMER.DISPUTE.RESOLVED': {
      const captureId = resource.disputed_transactions?.find((t) => t.seller_transaction_id)?.seller_transaction_id;
      if (!resource.dispute_id || !captureId) return 'ignored';
      const common = base(await lookups.orderOfCapture(captureId), resource.dispute_amount);
      if (!common) return 'ignored';
      const created = event.event_type === 'CUSTOMER.DISPUTE.CREATED';
      return {
        ...common,
        type: created ? 'dispute.opened' : 'dispute.closed',
        disputeId: resource.dispute_id,
        reason: resource.reason ?? 'OTHER',
        status: (created ? undefined : resource.dispute_outcome?.outcome_code) ?? resource.status ?? 'OPEN',
      };
    }
    default:
      return 'ignored';
  }
}

function orderIdOf(resource: NonNullable<PayPalWebhookEvent['resource']>) {
  return resource.supplementary_data?.related_ids?.order_id ?? linkedId(resource.links, 'up', '/v2/checkout/orders/');
}

/** The id at the end of the link `rel` when it points at `pathPrefix…`. */
function linkedId(links: Link[] | undefined, rel: string, pathPrefix: string) {
  const href = links?.find((l) => l.rel === rel && l.href?.includes(pathPrefix))?.href;
  if (!href) return undefined;
  const id = new URL(href, 'https://api-m.paypal.com').pathname.slice(pathPrefix.length).split('/')[0];
  return id || undefined;
}

function firstCapture(order: Order) {
  return order.purchaseUnits?.[0]?.payments?.captures?.[0];
}

function pendingReason(order: Order) {
  return firstCapture(order)?.statusDetails?.reason ?? 'PENDING';
}

/** The `issue` of a PayPal error answer (422 INSTRUMENT_DECLINED, ORDER_ALREADY_CAPTURED…), if it is one. */
function paypalIssue(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  let result = error.result as { details?: { issue?: string }[] } | undefined;
  if (!result && typeof error.body === 'string') {
    try {
      result = JSON.parse(error.body);
    } catch {
      return undefined;
    }
  }
  return result?.details?.find((d) => typeof d.issue === 'string')?.issue;
}

/** Integer cents → PayPal's decimal string ("12.30"). */
export function toDecimal(cents: number) {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** PayPal's decimal string → integer cents ("12.3" → 1230). */
export function toCents(value: string) {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) throw new Error(`PayPal sent an amount that is not a decimal: ${value}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -cents : cents;
}
