import { cartInput, cartView } from '../cart.js';
import { endpoint } from '../contract.js';
import { envelope } from '../envelopes.js';

const tag = 'cart';
const example = {
  items: [{ productId: '64b7f0c2a1b2c3d4e5f60718', size: 'M', color: 'Black', quantity: 2, slug: 'tee', name: 'Tee' }],
};

/** The signed-in customer's cart, kept on the server so it follows them (the storefront merges on sign-in). */
export const cartContracts = {
  get: endpoint({
    operationId: 'getCart',
    method: 'GET',
    path: '/cart',
    summary: "The signed-in customer's saved cart (empty when none)",
    description:
      'Customers only. The lines as the storefront saved them; `updatedAt` is null when nothing was saved yet.',
    tag,
    access: 'customer',
    responses: { 200: envelope(cartView) },
  }),
  save: endpoint({
    operationId: 'saveCart',
    method: 'PUT',
    path: '/cart',
    summary: "Replace the signed-in customer's saved cart (the storefront sends it whole after each change)",
    description:
      "Customers only; at most 50 lines. The last write wins. The storefront merges the browser's cart into it at " +
      'sign-in; prices and stock are checked at checkout, not here.',
    tag,
    access: 'customer',
    body: cartInput,
    bodyExample: example,
    responses: { 200: envelope(cartView) },
  }),
};
