import { z } from 'zod';
import { paginationView } from '../api.js';
import { endpoint } from '../contract.js';
import { envelope } from '../envelopes.js';
import { idParams } from '../id-params.js';
import { LOCATION_MESSAGES } from '../locations.js';
import {
  receiveTransferInput,
  TRANSFER_MESSAGES,
  transferInput,
  transferListQuery,
  transferSummaryView,
  transferView,
} from '../transfers.js';

const tag = 'transfers';
const params = idParams('transfer');
const one = envelope(z.object({ transfer: transferView }));
const transferExample = {
  fromLocationId: '000000000000000000000001',
  toLocationId: '000000000000000000000002',
  note: 'Restock the city shop',
  lines: [{ productId: '65f1c0ffee0000000000a001', size: 'M', color: 'Black', quantity: 6 }],
};
const draftRules =
  `Both locations must exist (404 "${LOCATION_MESSAGES.notFound}") and be active (400 "${LOCATION_MESSAGES.inactive}"), ` +
  `and differ (400 "${TRANSFER_MESSAGES.sameLocation}"); every line names an existing size/colour of a product ` +
  '(404 otherwise), each at most once. No stock moves until the transfer is shipped. Recorded in the activity log.';

/** Stock transfers between locations (draft → in transit → received, or cancelled). */
export const transferContracts = {
  list: endpoint({
    operationId: 'listTransfers',
    method: 'GET',
    path: '/admin/transfers',
    summary: 'List stock transfers, newest first',
    description: 'Filter by status and by a location (transfers from or to it). Each row has its line and unit counts.',
    tag,
    access: 'staff',
    query: transferListQuery,
    responses: { 200: envelope(z.object({ transfers: z.array(transferSummaryView), pagination: paginationView })) },
  }),
  get: endpoint({
    operationId: 'getTransfer',
    method: 'GET',
    path: '/admin/transfers/:id',
    summary: 'One transfer with its lines',
    description: `404 "${TRANSFER_MESSAGES.notFound}".`,
    tag,
    access: 'staff',
    params,
    responses: { 200: one },
  }),
  create: endpoint({
    operationId: 'createTransfer',
    method: 'POST',
    path: '/admin/transfers',
    summary: 'Create a draft transfer',
    description: draftRules,
    tag,
    access: 'inventory',
    body: transferInput,
    bodyExample: transferExample,
    responses: { 201: one },
    errors: [404],
  }),
  update: endpoint({
    operationId: 'updateTransfer',
    method: 'PUT',
    path: '/admin/transfers/:id',
    summary: "Replace a draft's locations, note and lines",
    description: `Only a draft: otherwise 409 "${TRANSFER_MESSAGES.notDraft}". ${draftRules}`,
    tag,
    access: 'inventory',
    params,
    body: transferInput,
    bodyExample: transferExample,
    responses: { 200: one },
    errors: [404, 409],
  }),
  ship: endpoint({
    operationId: 'shipTransfer',
    method: 'POST',
    path: '/admin/transfers/:id/ship',
    summary: 'Ship a draft: its units leave the source location',
    description:
      'Every line becomes a `transfer_out` movement at the source, all or nothing: a line whose units are not ' +
      'available there (quantity − reserved) answers 409 INSUFFICIENT_STOCK "Insufficient stock for <product> ' +
      `(<size>/<color>) at <location>" and nothing changes. Not a draft: 409 "${TRANSFER_MESSAGES.notDraft}". ` +
      'Units in transit are available nowhere.',
    tag,
    access: 'inventory',
    params,
    responses: { 200: one },
    errors: [404, 409],
  }),
  receive: endpoint({
    operationId: 'receiveTransfer',
    method: 'POST',
    path: '/admin/transfers/:id/receive',
    summary: 'Receive units of an in-transit transfer at its destination',
    description:
      'Each given line adds a `transfer_in` movement at the destination. A line may not receive more than it still ' +
      'expects (400). The transfer becomes received when every line is fully received, else stays in transit. ' +
      `Not in transit: 409 "${TRANSFER_MESSAGES.notInTransit}"; an inactive destination: 409 ` +
      `"${LOCATION_MESSAGES.inactive}" (activate it to receive).`,
    tag,
    access: 'inventory',
    params,
    body: receiveTransferInput,
    bodyExample: { lines: [{ lineId: '65f1c0ffee0000000000b001', quantity: 4 }] },
    responses: { 200: one },
    errors: [404, 409],
  }),
  cancel: endpoint({
    operationId: 'cancelTransfer',
    method: 'POST',
    path: '/admin/transfers/:id/cancel',
    summary: 'Cancel a draft or an in-transit transfer',
    description:
      'A draft moves no stock. An in-transit transfer puts the units not yet received back at the source ' +
      `(\`transfer_in\` there), refused with 409 "${LOCATION_MESSAGES.inactive}" while the source is inactive. ` +
      `Received or cancelled already: 409 "${TRANSFER_MESSAGES.closed}".`,
    tag,
    access: 'inventory',
    params,
    responses: { 200: one },
    errors: [404, 409],
  }),
};
