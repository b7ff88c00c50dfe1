import { z } from 'zod';
import { paginationView } from '../api.js';
import { endpoint } from '../contract.js';
import { envelope } from '../envelopes.js';
import { idParams } from '../id-params.js';
import { productStockLevelsView } from '../inventory.js';
import { LOCATION_MESSAGES } from '../locations.js';
import { inventoryChangeView, inventoryHistoryDayView, productEnvelope } from '../product-views.js';
import { historyDaysQuery, historyPageQuery, inventoryReplaceInput, PRODUCT_MESSAGES } from '../products.js';
import { adminStockInput, newCombinationInput, stockChangeInput } from '../stock-inputs.js';

const params = idParams('product');
const tag = 'inventory';
const stockExample = { size: 'M', color: 'Black', quantity: 5, reason: 'Restock from supplier' };
const atLocation =
  ' `locationId` names the location whose stock changes (left out: the first location); an unknown one answers ' +
  `404 "${LOCATION_MESSAGES.notFound}", an inactive one 409 "${LOCATION_MESSAGES.inactive}".`;

/** Stock per size/color: every change goes through the one stock function (docs/domain.md § Domain rules). */
export const productStockContracts = {
  add: endpoint({
    operationId: 'addProductStock',
    method: 'POST',
    path: '/products/:id/stock/add',
    summary: 'Add units to one size/color of a product',
    description:
      'Through the one stock function: a stock movement and an activity-log entry. ' +
      '404 when the product or its size/color does not exist.' +
      atLocation,
    tag,
    access: 'inventory',
    params,
    body: stockChangeInput,
    bodyExample: stockExample,
    responses: { 200: productEnvelope },
    errors: [409],
  }),
  remove: endpoint({
    operationId: 'removeProductStock',
    method: 'POST',
    path: '/products/:id/stock/remove',
    summary: 'Remove units from one size/color of a product',
    description:
      'Only units not reserved by orders can be removed: otherwise 409 INSUFFICIENT_STOCK naming the units ' +
      'available at the location, nothing changed. 404 when the product or its size/color does not exist.' +
      atLocation,
    tag,
    access: 'inventory',
    params,
    body: stockChangeInput,
    bodyExample: stockExample,
    responses: { 200: productEnvelope },
    errors: [409],
  }),
  update: endpoint({
    operationId: 'updateProductStock',
    method: 'PUT',
    path: '/admin/products/:id/inventory',
    summary: 'Add to, subtract from or set the stock of one size/color',
    description:
      '`operation` is add, subtract or set (the Manage Stock dialog). 409 INSUFFICIENT_STOCK when subtracting more ' +
      'than is available or setting below the units reserved by orders; 404 when the product or its size/color ' +
      'does not exist. A stock movement and an activity-log entry per change.' +
      atLocation,
    tag,
    access: 'inventory',
    params,
    body: adminStockInput,
    bodyExample: { ...stockExample, operation: 'add' },
    responses: { 200: productEnvelope },
    errors: [409],
  }),
  levels: endpoint({
    operationId: 'getProductStockLevels',
    method: 'GET',
    path: '/admin/products/:id/inventory',
    summary: 'Stock of each size/color of a product, per location',
    description:
      'Each size/color with its totals and its level (quantity, reserved, available, low-stock threshold) at every ' +
      `location that holds it, first priority first. 404 "${PRODUCT_MESSAGES.notFound}".`,
    tag,
    access: 'catalogueRead',
    params,
    responses: { 200: envelope(productStockLevelsView) },
  }),
  addCombination: endpoint({
    operationId: 'addProductVariant',
    method: 'POST',
    path: '/products/:id/inventory',
    summary: 'Add a size/color combination to a product',
    description:
      `Size and color are compared ignoring case: 409 "${PRODUCT_MESSAGES.combinationExists}". The initial ` +
      'quantity is written as a stock movement; recorded in the activity log.',
    tag,
    access: 'inventory',
    params,
    body: newCombinationInput,
    bodyExample: { size: 'XL', color: 'Navy', quantity: 10, lowStockThreshold: 5, reserved: 0 },
    responses: { 201: productEnvelope },
    errors: [409],
  }),
  replace: endpoint({
    operationId: 'replaceProductInventory',
    method: 'PUT',
    path: '/products/:id/inventory',
    summary: 'Replace the whole list of size/color combinations of a product',
    description:
      'Combinations left out are removed, new ones added, changed quantities set through stock movements. 409 ' +
      'INSUFFICIENT_STOCK when a removed or lowered combination holds units reserved by orders; nothing changes then.',
    tag,
    access: 'inventory',
    params,
    body: inventoryReplaceInput,
    bodyExample: { inventory: [{ size: 'M', color: 'Black', quantity: 20, lowStockThreshold: 5 }] },
    responses: { 200: productEnvelope },
    errors: [409],
  }),
  history: endpoint({
    operationId: 'listProductStockMovements',
    method: 'GET',
    path: '/products/:id/inventory/history',
    summary: 'Stock movements of a product, newest first, a page at a time',
    description:
      'Each movement: size/color, operation, quantity and reserved before/after, reason, who, and the order when an ' +
      `order moved it. 404 "${PRODUCT_MESSAGES.notFound}".`,
    tag,
    access: 'catalogueRead',
    params,
    query: historyPageQuery,
    responses: {
      200: envelope(z.object({ history: z.array(inventoryChangeView), pagination: paginationView })),
    },
  }),
  historyDays: endpoint({
    operationId: 'listProductStockHistoryByDay',
    method: 'GET',
    path: '/admin/products/:id/inventory/history',
    summary: 'Stock movements of a product over the last days, grouped by day',
    description:
      '`days` back from now, newest first, grouped by UTC day, each day with its movements and the units added and ' +
      `removed. 404 "${PRODUCT_MESSAGES.notFound}".`,
    tag,
    access: 'catalogueRead',
    params,
    query: historyDaysQuery,
    responses: { 200: envelope(z.array(inventoryHistoryDayView)) },
  }),
};
