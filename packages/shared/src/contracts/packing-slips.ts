import { z } from 'zod';
import { endpoint, envelope } from '../contract.js';
import { packingSlipQuery, packingSlipView } from '../packing-slips.js';

/** Packing slips of chosen orders, for the printable page of the Orders screen. */
export const packingSlipContracts = {
  list: endpoint({
    operationId: 'getPackingSlips',
    method: 'GET',
    path: '/admin/orders/packing-slips',
    summary: 'What to pack for each chosen order: shipping address and method, lines with SKU and barcode, no prices',
    description: 'Orders are answered in the order asked; ids that name no order are left out.',
    tag: 'orders',
    access: 'orders',
    query: packingSlipQuery,
    responses: { 200: envelope(z.object({ slips: z.array(packingSlipView) })) },
  }),
};
