import { z } from 'zod';
import { endpoint } from '../contract.js';
import { envelope } from '../envelopes.js';
import { PACKING_SLIP_MAX_ORDERS, PACKING_SLIP_MESSAGES, packingSlipQuery, packingSlipView } from '../packing-slips.js';

/** Packing slips of chosen orders, for the printable page of the Orders screen. */
export const packingSlipContracts = {
  list: endpoint({
    operationId: 'getPackingSlips',
    method: 'GET',
    path: '/admin/orders/packing-slips',
    summary: 'What to pack for each chosen order: shipping address and method, lines with SKU and barcode, no prices',
    description:
      'One slip per order, in the order asked (an id named twice prints once; ids that name no order are left out): ' +
      'number, date, shipping address and method, and each line with product, variant SKU, barcode, size, color ' +
      `and quantity, never a price. \`ids\` are comma-separated, at most ${PACKING_SLIP_MAX_ORDERS}: 400 ` +
      `"${PACKING_SLIP_MESSAGES.tooMany}".`,
    tag: 'orders',
    access: 'orders',
    query: packingSlipQuery,
    responses: { 200: envelope(z.object({ slips: z.array(packingSlipView) })) },
  }),
};
