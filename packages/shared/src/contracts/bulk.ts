import { z } from 'zod';
import { bulkResult, customerBulkStatusInput, orderBulkStatusInput, productBulkInput } from '../bulk.js';
import { endpoint, envelope } from '../contract.js';
import { jobView } from '../jobs.js';

const tag = 'bulk';
const resultEnvelope = envelope(bulkResult);
const jobEnvelope = envelope(z.object({ job: jobView }));
const ids = { ids: ['64b7f0c2a1b2c3d4e5f60718', '64b7f0c2a1b2c3d4e5f60719'] };

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
    description: 'dryRun=true answers 200 with the counts and the first changes old → new; otherwise 202 with the job.',
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
    tag,
    access: 'customersWrite',
    body: customerBulkStatusInput,
    bodyExample: { selection: { filter: { status: 'inactive' } }, isActive: true },
    responses: { 202: jobEnvelope },
  }),
};
