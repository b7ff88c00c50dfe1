import { z } from 'zod';
import {
  BULK_BATCH_SIZE,
  BULK_MAX_IDS,
  BULK_PREVIEW_ROWS,
  BULK_REPORT_LIMIT,
  bulkResult,
  customerBulkStatusInput,
  orderBulkStatusInput,
  productBulkInput,
} from '../bulk.js';
import { endpoint } from '../contract.js';
import { envelope } from '../envelopes.js';
import { jobView } from '../jobs.js';

const tag = 'bulk';
const resultEnvelope = envelope(bulkResult);
const jobEnvelope = envelope(z.object({ job: jobView }));
const ids = { ids: ['64b7f0c2a1b2c3d4e5f60718', '64b7f0c2a1b2c3d4e5f60719'] };
/** What every bulk action does with its selection, told once in each one's description. */
const JOB =
  `Acts on \`ids\` (at most ${BULK_MAX_IDS}) or on every row matching \`filter\` (the list's own query parameters). ` +
  `Answers 202 with a job that runs in the background in batches of ${BULK_BATCH_SIZE}, resumed after a restart ` +
  'from its last committed batch; GET /admin/jobs/{id} reports done / total, rate and the result (matched, changed, ' +
  `unchanged, failed, the first ${BULK_REPORT_LIMIT} changed and failed rows with the reason). An activity-log ` +
  'entry per changed row.';

/**
 * Bulk actions of the back-office lists: one request queues one job (202 with the job; GET /admin/jobs/{id} follows
 * it) that acts on the ticked rows or on every row matching the list's filters, in batches of BULK_BATCH_SIZE rows,
 * with an activity-log entry per changed row. A product dry run answers at once and writes nothing.
 */
export const bulkContracts = {
  products: endpoint({
    operationId: 'bulkUpdateProducts',
    method: 'POST',
    path: '/admin/products/bulk',
    summary: 'Activate, deactivate, delete, re-categorise, re-brand, re-price or tag many products (dryRun: preview)',
    description:
      `${JOB} \`dryRun: true\` answers 200 at once with what would change (counts, refusals, the first ` +
      `${BULK_PREVIEW_ROWS} changes old → new) and writes nothing. An unknown category or brand answers 404.`,
    tag,
    access: 'catalogueWrite',
    body: productBulkInput,
    bodyExample: {
      selection: { filter: { category: 'Outerwear' } },
      action: { type: 'adjust_price', adjustment: { mode: 'percent', value: 10 } },
    },
    responses: { 200: resultEnvelope, 202: jobEnvelope },
    errors: [404],
  }),
  orderStatus: endpoint({
    operationId: 'bulkUpdateOrderStatus',
    method: 'POST',
    path: '/admin/orders/bulk/status',
    summary: 'Move many orders to a status, each through the status change of one order; failures say why',
    description:
      `${JOB} Each order goes through PUT /orders/{id}/status (stock, refunds, mails); without \`paymentStatus\` ` +
      'each keeps its own. An order that cannot move fails with the reason, e.g. it is already in that status.',
    tag,
    access: 'orders',
    body: orderBulkStatusInput,
    bodyExample: { selection: ids, status: 'shipped' },
    responses: { 202: jobEnvelope },
  }),
  customerStatus: endpoint({
    operationId: 'bulkUpdateCustomerStatus',
    method: 'POST',
    path: '/admin/customers/bulk/status',
    summary: 'Activate or deactivate many customers (deactivation ends their sessions)',
    description: `${JOB} Each customer as PUT /admin/customers/{id}/status: a deactivated customer's sessions end at once.`,
    tag,
    access: 'customersWrite',
    body: customerBulkStatusInput,
    bodyExample: { selection: { filter: { status: 'inactive' } }, isActive: true },
    responses: { 202: jobEnvelope },
  }),
};
