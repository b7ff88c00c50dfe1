import { endpoint } from '../contract.js';
import { envelope, messageEnvelope } from '../envelopes.js';
import {
  WISHLIST_IDS_MAX,
  WISHLIST_MERGE_MAX,
  wishlistAddInput,
  wishlistIdsQuery,
  wishlistIdsView,
  wishlistMergeInput,
  wishlistMergeView,
  wishlistPageView,
  wishlistProductParams,
  wishlistQuery,
} from '../wishlist.js';

const tag = 'wishlist';
const productId = '64b7f0c2a1b2c3d4e5f60718';

/** The signed-in customer's wishlist. */
export const wishlistContracts = {
  list: endpoint({
    operationId: 'listWishlist',
    method: 'GET',
    path: '/wishlist',
    summary: "The signed-in customer's wishlist, newest first",
    description:
      'Customers only. Each item carries the price a shopper pays now, the price when it was added (`priceDropped` ' +
      'when it is lower now) and the units available per size and colour.',
    tag,
    access: 'customer',
    query: wishlistQuery,
    responses: { 200: envelope(wishlistPageView) },
  }),
  wished: endpoint({
    operationId: 'wishedProductIds',
    method: 'GET',
    path: '/wishlist/ids',
    summary: 'Which of the given products are on the wishlist',
    description:
      `Customers only. \`productIds\`: a comma-separated list of at most ${WISHLIST_IDS_MAX} ids (400 beyond), ` +
      'e.g. the products of one grid page; answers the ones the customer wishes for, so a page learns it in one call.',
    tag,
    access: 'customer',
    query: wishlistIdsQuery,
    responses: { 200: envelope(wishlistIdsView) },
  }),
  add: endpoint({
    operationId: 'addToWishlist',
    method: 'POST',
    path: '/wishlist',
    summary: 'Add a product to the wishlist (adding it again changes nothing)',
    description: 'Customers only. 404 when the product does not exist or is not on sale.',
    tag,
    access: 'customer',
    body: wishlistAddInput,
    bodyExample: { productId },
    responses: { 200: messageEnvelope },
    errors: [404],
  }),
  remove: endpoint({
    operationId: 'removeFromWishlist',
    method: 'DELETE',
    path: '/wishlist/:productId',
    summary: 'Remove a product from the wishlist (removing it again changes nothing)',
    description: 'Customers only. A product that is not on the list is no error: the answer is the same.',
    tag,
    access: 'customer',
    params: wishlistProductParams,
    responses: { 200: messageEnvelope },
  }),
  merge: endpoint({
    operationId: 'mergeWishlist',
    method: 'POST',
    idempotent: true,
    path: '/wishlist/merge',
    summary: "Add the products of a guest's wishlist at sign-in",
    description:
      `Customers only; at most ${WISHLIST_MERGE_MAX} ids (400 beyond). Added in one statement; ids of unknown, ` +
      'deleted or inactive products and products already wished for are skipped. Answers how many were added.',
    tag,
    access: 'customer',
    body: wishlistMergeInput,
    bodyExample: { productIds: [productId] },
    responses: { 200: envelope(wishlistMergeView) },
  }),
};
