import { z } from 'zod';
import { EVENT_TYPES, type EventType } from './events.js';

/**
 * Outgoing webhooks (docs/domain.md § Webhooks): an admin registers an endpoint URL and the event types it wants;
 * every event of those types is POSTed to it, signed with the endpoint's secret (the Standard Webhooks format).
 */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Deliveries per page of an endpoint's log (newest first). */
export const DELIVERY_PAGE_SIZE = 20;

export const WEBHOOK_LIMITS = { urlMax: 2000, descriptionMax: 500 } as const;

export const WEBHOOK_MESSAGES = {
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  scheme: 'The URL must start with http:// or https://',
  url: 'Enter a valid URL',
  topics: 'Choose at least one event type',
  privateHost:
    'The URL points to a private, loopback or otherwise reserved address; webhooks are only sent to public hosts',
  unknownHost: 'The host of this URL could not be found',
} as const;

/** The area of an event type (`order`, `product`…): the back office groups the topic checkboxes by it. */
export function eventArea(type: EventType): string {
  return type.split('.')[0]!;
}

const webhookUrl = z
  .string()
  .trim()
  .min(1, WEBHOOK_MESSAGES.url)
  .max(WEBHOOK_LIMITS.urlMax)
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.url });
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      ctx.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.scheme });
    else if (url.username || url.password) ctx.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.url });
  });

const topics = z
  .array(z.enum(EVENT_TYPES))
  .min(1, WEBHOOK_MESSAGES.topics)
  .transform((list) => [...new Set(list)]);

export const createWebhookBody = z.object({
  url: webhookUrl,
  description: z.string().trim().max(WEBHOOK_LIMITS.descriptionMax).default(''),
  topics,
});
export type CreateWebhookBody = z.input<typeof createWebhookBody>;

export const updateWebhookBody = z
  .object({
    url: webhookUrl.optional(),
    description: z.string().trim().max(WEBHOOK_LIMITS.descriptionMax).optional(),
    topics: topics.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Nothing to change' });
export type UpdateWebhookBody = z.input<typeof updateWebhookBody>;

export const deliveryListQuery = z.object({
  /** The `nextCursor` of the previous page. */
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, 'Invalid cursor')
    .optional(),
});

const deliverySummary = z.object({
  status: z.enum(DELIVERY_STATUSES),
  responseCode: z.number().int().nullable(),
  at: z.string().nullable(),
});

/** An endpoint as the API answers it: never its secret. */
export const webhookEndpointView = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  topics: z.array(z.enum(EVENT_TYPES)),
  enabled: z.boolean(),
  /** Why the store turned the endpoint off (it kept failing); null when an admin did or it is on. */
  disabledReason: z.string().nullable(),
  /** Until when the previous secret still signs deliveries after a rotation; null outside an overlap. */
  previousSecretExpiresAt: z.string().nullable(),
  lastDelivery: deliverySummary.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointView>;

/** The create and rotate answers: the only time the signing secret is shown. */
export const webhookSecretView = z.object({ endpoint: webhookEndpointView, secret: z.string() });
export type WebhookSecret = z.infer<typeof webhookSecretView>;

export const webhookDeliveryView = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  responseCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliveryView>;

export const webhookDeliveryPage = z.object({
  deliveries: z.array(webhookDeliveryView),
  nextCursor: z.string().nullable(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPage>;
