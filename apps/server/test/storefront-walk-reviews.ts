import { call } from './harness.js';
import type { WalkTable } from './storefront-walk.js';
import { alertToken, asCustomer, buyerOf, reviewBody, reviewOf, soldOutAlert } from './storefront-walk-setup.js';
import { multipartBody, testPng } from './uploads.js';

/** One photo for a review, as the storefront's form sends it. */
const reviewPhoto = async () =>
  multipartBody([{ name: 'photos', filename: 'photo.png', type: 'image/png', data: await testPng() }]);

/** The walk's calls to the customer's-voice routes: reviews and votes, the wishlist, back-in-stock alerts. */
export const customerVoiceWalk: WalkTable = {
  // Reviews: the product page's published ones; a buyer's own review; helpful votes on someone else's.
  'GET /api/products/:id/reviews': async (d) => {
    await reviewOf(d, true);
    const url = `/api/products/${d.product.id}/reviews`;
    return [
      { method: 'GET', url },
      { method: 'GET', url, token: d.customer.token },
    ];
  },
  'POST /api/products/:id/reviews': async (d) => {
    const buyer = await buyerOf(d);
    return [{ method: 'POST', url: `/api/products/${d.product.id}/reviews`, token: buyer.token, body: reviewBody }];
  },
  'GET /api/reviews/mine': async (d) => {
    const review = await reviewOf(d);
    return [{ method: 'GET', url: '/api/reviews/mine', token: review.token }];
  },
  'PATCH /api/reviews/:id': async (d) => {
    const review = await reviewOf(d);
    return [{ method: 'PATCH', url: `/api/reviews/${review.id}`, token: review.token, body: { rating: 5 } }];
  },
  'DELETE /api/reviews/:id': async (d) => {
    const review = await reviewOf(d);
    return [{ method: 'DELETE', url: `/api/reviews/${review.id}`, token: review.token }];
  },
  'POST /api/reviews/:id/photos': async (d) => {
    const review = await reviewOf(d);
    const upload = await reviewPhoto();
    return [{ method: 'POST', url: `/api/reviews/${review.id}/photos`, token: review.token, ...upload }];
  },
  'DELETE /api/reviews/:id/photos/:photoId': async (d) => {
    const review = await reviewOf(d);
    const added = await call(d.app, 'POST', `/api/reviews/${review.id}/photos`, {
      token: review.token,
      ...(await reviewPhoto()),
    });
    const photoId = added.body.data.review.photos[0].id;
    return [{ method: 'DELETE', url: `/api/reviews/${review.id}/photos/${photoId}`, token: review.token }];
  },
  'GET /api/reviews/votes': async (d) => {
    const review = await reviewOf(d, true);
    await call(d.app, 'POST', `/api/reviews/${review.id}/helpful`, { token: d.customer.token });
    return [{ method: 'GET', url: `/api/reviews/votes?reviewIds=${review.id}`, token: d.customer.token }];
  },
  'POST /api/reviews/:id/helpful': async (d) => {
    const review = await reviewOf(d, true);
    return [{ method: 'POST', url: `/api/reviews/${review.id}/helpful`, token: d.customer.token }];
  },
  'DELETE /api/reviews/:id/helpful': async (d) => {
    const review = await reviewOf(d, true);
    await call(d.app, 'POST', `/api/reviews/${review.id}/helpful`, { token: d.customer.token });
    return [{ method: 'DELETE', url: `/api/reviews/${review.id}/helpful`, token: d.customer.token }];
  },
  'GET /api/wishlist': asCustomer('GET', () => '/api/wishlist'),
  'GET /api/wishlist/ids': asCustomer('GET', (d) => `/api/wishlist/ids?productIds=${d.product.id}`),
  'POST /api/wishlist': asCustomer(
    'POST',
    () => '/api/wishlist',
    (d) => ({ productId: d.product.id }),
  ),
  'DELETE /api/wishlist/:productId': asCustomer('DELETE', (d) => `/api/wishlist/${d.product.id}`),
  'POST /api/wishlist/merge': asCustomer(
    'POST',
    () => '/api/wishlist/merge',
    (d) => ({ productIds: [d.product.id] }),
  ),
  'POST /api/stock-alerts': async (d) => [
    { method: 'POST', url: '/api/stock-alerts', body: await soldOutAlert(d) },
    { method: 'POST', url: '/api/stock-alerts', token: d.customer.token, body: await soldOutAlert(d) },
  ],
  'GET /api/stock-alerts/unsubscribe/:token': async (d) => [
    { method: 'GET', url: `/api/stock-alerts/unsubscribe/${await alertToken(d)}` },
  ],
  'POST /api/stock-alerts/unsubscribe/:token': async (d) => [
    { method: 'POST', url: `/api/stock-alerts/unsubscribe/${await alertToken(d)}` },
  ],
};
