import { z } from 'zod';
import { endpoint } from '../contract.js';
import { envelope, messageEnvelope } from '../envelopes.js';
import { TEST_EVENT_TYPE } from '../events.js';
import { idParams, objectIdParam } from '../id-params.js';
import {
  createWebhookBody,
  DELIVERY_PAGE_SIZE,
  deliveryListQuery,
  updateWebhookBody,
  WEBHOOK_MESSAGES,
  webhookDeliveryPage,
  webhookDeliveryView,
  webhookEndpointView,
  webhookSecretView,
} from '../webhooks.js';

const tag = 'webhooks';
const access = 'integrations';
const params = idParams('webhook endpoint');
const deliveryParams = z.object({ id: objectIdParam('webhook endpoint'), deliveryId: objectIdParam('delivery') });
const example = {
  url: 'https://example.com/hooks/seamline',
  description: 'Warehouse system',
  topics: ['order.paid', 'order.cancelled'],
};
const hostRule =
  `The URL must be http(s) and its host must resolve to public addresses only: otherwise 400 "${WEBHOOK_MESSAGES.privateHost}" ` +
  '(checked again at every send; redirects are never followed).';

export const webhookContracts = {
  list: endpoint({
    operationId: 'listWebhookEndpoints',
    method: 'GET',
    path: '/admin/webhooks',
    summary: 'List webhook endpoints with their last delivery',
    description: 'Newest first. Secrets are never answered here.',
    tag,
    access,
    responses: { 200: envelope(z.object({ endpoints: z.array(webhookEndpointView) })) },
  }),
  get: endpoint({
    operationId: 'getWebhookEndpoint',
    method: 'GET',
    path: '/admin/webhooks/:id',
    summary: 'Get one webhook endpoint',
    description: `404 "${WEBHOOK_MESSAGES.notFound}".`,
    tag,
    access,
    params,
    responses: { 200: envelope(z.object({ endpoint: webhookEndpointView })) },
  }),
  create: endpoint({
    operationId: 'createWebhookEndpoint',
    method: 'POST',
    path: '/admin/webhooks',
    summary: 'Add a webhook endpoint; answers its signing secret once',
    description:
      "Every event of the chosen types is POSTed to the URL as JSON, signed with the endpoint's secret " +
      '(`webhook-id`, `webhook-timestamp`, `webhook-signature` headers, the Standard Webhooks format). The secret ' +
      `(\`whsec_…\`) is in this answer only. ${hostRule} Recorded in the activity log (without the secret).`,
    tag,
    access,
    body: createWebhookBody,
    bodyExample: example,
    responses: { 201: envelope(webhookSecretView) },
  }),
  update: endpoint({
    operationId: 'updateWebhookEndpoint',
    method: 'PATCH',
    path: '/admin/webhooks/:id',
    summary: 'Change an endpoint: URL, description, event types, or turn it on or off',
    description:
      'Turning an endpoint on again clears its failure record; its deliveries given up stay failed (resend them). ' +
      `${hostRule} Recorded in the activity log with the changed fields. 404 "${WEBHOOK_MESSAGES.notFound}".`,
    tag,
    access,
    params,
    body: updateWebhookBody,
    bodyExample: { topics: ['order.paid'], enabled: true },
    responses: { 200: envelope(z.object({ endpoint: webhookEndpointView })) },
  }),
  remove: endpoint({
    operationId: 'deleteWebhookEndpoint',
    method: 'DELETE',
    path: '/admin/webhooks/:id',
    summary: 'Delete a webhook endpoint and its delivery log',
    description: `Pending deliveries are dropped. Recorded in the activity log. 404 "${WEBHOOK_MESSAGES.notFound}".`,
    tag,
    access,
    params,
    responses: { 200: messageEnvelope },
  }),
  rotateSecret: endpoint({
    operationId: 'rotateWebhookSecret',
    method: 'POST',
    path: '/admin/webhooks/:id/rotate-secret',
    summary: 'Give an endpoint a new signing secret; answers it once',
    description:
      'The previous secret stays valid for 24 hours: meanwhile every delivery carries both signatures ' +
      '(space-separated `v1,…` entries in `webhook-signature`). Recorded in the activity log (without secrets). ' +
      `404 "${WEBHOOK_MESSAGES.notFound}".`,
    tag,
    access,
    params,
    responses: { 200: envelope(webhookSecretView) },
  }),
  sendTest: endpoint({
    operationId: 'sendWebhookTestEvent',
    method: 'POST',
    path: '/admin/webhooks/:id/test',
    summary: `Send a \`${TEST_EVENT_TYPE}\` event to this endpoint only`,
    description:
      'Queued at once and sent by the background worker like any delivery (retried the same way); the answer is the ' +
      'pending delivery. Recorded in the activity log. 409 when the endpoint is turned off; ' +
      `404 "${WEBHOOK_MESSAGES.notFound}".`,
    tag,
    access,
    params,
    responses: { 202: envelope(z.object({ delivery: webhookDeliveryView })) },
    errors: [409],
  }),
  deliveries: endpoint({
    operationId: 'listWebhookDeliveries',
    method: 'GET',
    path: '/admin/webhooks/:id/deliveries',
    summary: "An endpoint's deliveries, newest first",
    description:
      `${DELIVERY_PAGE_SIZE} per page; pass \`nextCursor\` as \`cursor\` for the next page (null on the last). ` +
      `404 "${WEBHOOK_MESSAGES.notFound}".`,
    tag,
    access,
    params,
    query: deliveryListQuery,
    responses: { 200: envelope(webhookDeliveryPage) },
  }),
  resend: endpoint({
    operationId: 'resendWebhookDelivery',
    method: 'POST',
    path: '/admin/webhooks/:id/deliveries/:deliveryId/resend',
    summary: 'Send a delivery again now (same event id)',
    description:
      'The delivery becomes pending with a fresh retry window and is sent by the background worker; receivers ' +
      `recognise the repeat by its unchanged \`webhook-id\`. Recorded in the activity log. 404 "${WEBHOOK_MESSAGES.deliveryNotFound}".`,
    tag,
    access,
    params: deliveryParams,
    responses: { 202: envelope(z.object({ delivery: webhookDeliveryView })) },
  }),
};
