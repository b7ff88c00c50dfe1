import { bulkResult, customerBulkStatusInput, orderBulkStatusInput, productBulkInput } from '../bulk.js';
import { endpoint, envelope } from '../contract.js';

const tag = 'bulk';
const resultEnvelope = envelope(bulkResult);
const ids = { ids: ['64b7f0c2a1b2c3d4e5f60718', '64b7f0c2a1b2c3d4e5f60719'] };

/**
 * Bulk actions of the back-office lists (issue 17 item 3): one request acts on the ticked rows or on every row
 * matching the list's filters, in batches of BULK_BATCH_SIZE rows per transaction, with an activity-log entry per
 * changed row.
 */
export const bulkContracts = {
  products: endpoint({
    operationId: 'bulkUpdateProducts',
    method: 'POST',
    path: '/admin/products/bulk',
    summary: 'Activate, deactivate, delete, re-categorise, re-brand, re-price or tag many products (dryRun: preview)',
    tag,
    access: 'catalogueWrite',
    body: productBulkInput,
    bodyExample: {
      selection: { filter: { category: 'Outerwear' } },
      action: { type: 'adjust_price', adjustment: { mode: 'percent', value: 10 } },
    },
    responses: { 200: resultEnvelope },
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
    responses: { 200: resultEnvelope },
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
    responses: { 200: resultEnvelope },
  }),
};
