import { signTestWebhook, TEST_SIGNATURE_HEADER } from '../src/modules/payments/test-provider.js';
import { mailedToken } from './activity-log-coverage/types.js';
import { API_CLIENT, buildUser, codeFor, signedIn } from './factories.js';
import { call } from './harness.js';
import { address, orderBody } from './orders.js';
import type { WalkTable } from './storefront-walk.js';
import { customerVoiceWalk } from './storefront-walk-reviews.js';
import {
  addressOf,
  anonymous,
  asCustomer,
  cart,
  customerWithOrder,
  invitationToken,
  read,
  savedAddress,
} from './storefront-walk-setup.js';
import { setupChallenge, twoSessions, withTwoFactor } from './two-factor.js';

const DOCS = { noData: 'API documentation: schema names only, no store data' };

/** Every storefront route and the calls the exposure walk makes to it (with the data built by buildWalkData). */
export const walkTable: WalkTable = {
  'GET /api/docs': DOCS,
  'GET /api/docs/static/index.html': DOCS,
  'GET /api/docs/static/swagger-initializer.js': DOCS,
  'GET /api/docs/json': DOCS,
  'GET /api/docs/yaml': DOCS,
  'GET /api/docs/static/*': DOCS,
  'GET /api/openapi.json': DOCS,
  'GET /api/health': read(() => '/api/health'),
  'GET /api/health/live': read(() => '/api/health/live'),
  'GET /api/health/ready': read(() => '/api/health/ready'),

  // Sign-in flows answer the caller's own account.
  'POST /api/auth/login': anonymous('POST', '/api/auth/login', (d) => ({
    email: d.customer.email,
    password: d.customer.password,
  })),
  'POST /api/auth/register': anonymous('POST', '/api/auth/register', () => ({
    email: `walk-register-${Date.now()}@example.com`,
    password: 'Walk-Register-42',
    firstName: 'Walk',
    lastName: 'Er',
  })),
  'POST /api/auth/refresh': async (d) => [
    {
      method: 'POST',
      url: '/api/auth/refresh',
      headers: API_CLIENT,
      body: { refreshToken: d.customer.refreshToken },
    },
  ],
  'POST /api/auth/logout': async (d) => {
    const other = await signedIn(d.app, 'customer');
    return [{ method: 'POST', url: '/api/auth/logout', token: other.token, headers: API_CLIENT, body: {} }];
  },
  'GET /api/auth/verify': asCustomer('GET', () => '/api/auth/verify'),
  'POST /api/auth/forgot-password': anonymous('POST', '/api/auth/forgot-password', (d) => ({
    email: d.customer.email,
  })),
  'POST /api/auth/reset-password': async (d) => {
    const user = await buildUser(d.app.db, { role: 'customer' });
    await call(d.app, 'POST', '/api/auth/forgot-password', { body: { email: user.email } });
    const token = await mailedToken(d.app, user.email);
    return [{ method: 'POST', url: '/api/auth/reset-password', body: { token, password: 'Walk-Reset-42' } }];
  },
  'POST /api/auth/verify-email': async (d) => {
    const user = await buildUser(d.app.db, { role: 'customer', emailVerified: false });
    await call(d.app, 'POST', '/api/auth/resend-verification', { body: { email: user.email } });
    const token = await mailedToken(d.app, user.email);
    return [{ method: 'POST', url: '/api/auth/verify-email', body: { token } }];
  },
  'POST /api/auth/resend-verification': anonymous('POST', '/api/auth/resend-verification', (d) => ({
    email: d.customer.email,
  })),

  // Two-factor sign-in answers the staff member's own session; sessions are the caller's own.
  'POST /api/auth/login/two-factor': async (d) => {
    const staff = await withTwoFactor(d.app);
    const first = await call(d.app, 'POST', '/api/auth/login', {
      body: { email: staff.user.email, password: staff.user.password },
    });
    const body = { challengeToken: first.body.data.twoFactor.challengeToken, code: codeFor(staff.secret) };
    return [{ method: 'POST', url: '/api/auth/login/two-factor', body }];
  },
  'POST /api/auth/login/two-factor/setup': async (d) => {
    const { challengeToken } = await setupChallenge(d.app);
    return [{ method: 'POST', url: '/api/auth/login/two-factor/setup', body: { challengeToken } }];
  },
  'POST /api/auth/login/two-factor/enable': async (d) => {
    const { challengeToken } = await setupChallenge(d.app);
    const setup = await call(d.app, 'POST', '/api/auth/login/two-factor/setup', { body: { challengeToken } });
    const body = { challengeToken, code: codeFor(setup.body.data.secret) };
    return [{ method: 'POST', url: '/api/auth/login/two-factor/enable', body }];
  },
  'GET /api/auth/sessions': asCustomer('GET', () => '/api/auth/sessions'),
  'DELETE /api/auth/sessions/:id': async (d) => {
    const other = await twoSessions(d.app, 'customer');
    return [{ method: 'DELETE', url: `/api/auth/sessions/${other.otherSessionId}`, token: other.token }];
  },
  'DELETE /api/auth/sessions': async (d) => {
    const other = await twoSessions(d.app, 'customer');
    return [{ method: 'DELETE', url: '/api/auth/sessions', token: other.token }];
  },

  // Staff invitations: the invitee's link (preview, then accept), anonymously and as a signed-in customer.
  'GET /api/invitations/preview': async (d) => {
    const token = await invitationToken(d);
    return [
      { method: 'GET', url: `/api/invitations/preview?token=${token}` },
      { method: 'GET', url: `/api/invitations/preview?token=${token}`, token: d.customer.token },
    ];
  },
  'POST /api/invitations/accept': async (d) => {
    const token = await invitationToken(d);
    return [
      {
        method: 'POST',
        url: '/api/invitations/accept',
        body: { token, firstName: 'Walk', lastName: 'Invitee', password: 'Walk-Invitee-42' },
      },
    ];
  },

  // Catalogue.
  'GET /api/products': read(() => '/api/products?limit=100'),
  'GET /api/products/featured': read(() => '/api/products/featured'),
  'GET /api/products/trending': read(() => '/api/products/trending'),
  'GET /api/products/categories': read(() => '/api/products/categories'),
  'GET /api/products/brands': read(() => '/api/products/brands'),
  'GET /api/products/slug/:slug': read((d) => `/api/products/slug/${d.product.slug}`),
  'GET /api/products/category/:category': read((d) => `/api/products/category/${d.product.categoryId}`),
  'GET /api/products/:id': read((d) => `/api/products/${d.product.id}`),
  'GET /api/products/:id/related': read((d) => `/api/products/${d.product.id}/related`),
  'GET /api/products/:id/pickup': read((d) => `/api/products/${d.product.id}/pickup`),
  'GET /api/pickup-locations': read(() => '/api/pickup-locations'),

  ...customerVoiceWalk,
  'GET /api/categories': read(() => '/api/categories'),
  'GET /api/categories/:id': read((d) => `/api/categories/${d.product.categoryId}`),
  'GET /api/brands': read(() => '/api/brands'),
  'GET /api/brands/:id': read((d) => `/api/brands/${d.product.brandId}`),

  // Checkout, coupons and payments.
  'POST /api/checkout/create-session': asCustomer(
    'POST',
    () => '/api/checkout/create-session',
    (d) => ({ items: cart(d), couponCode: d.couponCode }),
  ),
  'POST /api/checkout/create-guest-session': anonymous('POST', '/api/checkout/create-guest-session', (d) => ({
    items: cart(d),
    email: d.guestOrder.email,
  })),
  'POST /api/orders/calculate-shipping': anonymous('POST', '/api/orders/calculate-shipping', (d) => ({
    items: cart(d),
    shippingAddress: address,
  })),
  'GET /api/checkout/payment-options': read(() => '/api/checkout/payment-options'),
  'POST /api/orders/shipping-methods': anonymous('POST', '/api/orders/shipping-methods', () => ({ subtotal: 50 })),
  'POST /api/coupons/validate': asCustomer(
    'POST',
    () => '/api/coupons/validate',
    (d) => ({ code: d.couponCode, subtotal: 80 }),
  ),
  'POST /api/public/coupons/validate': anonymous('POST', '/api/public/coupons/validate', (d) => ({
    code: d.couponCode,
    subtotal: 80,
  })),
  'POST /api/payments/create-payment-intent': asCustomer(
    'POST',
    () => '/api/payments/create-payment-intent',
    () => ({ amount: 12.5 }),
  ),
  'POST /api/payments/confirm': async (d) => {
    const other = await customerWithOrder(d);
    const intent = await call(d.app, 'POST', '/api/payments/create-payment-intent', {
      token: other.token,
      body: { amount: other.order.total, orderId: other.order.id },
    });
    const paymentIntentId = intent.body.data.paymentIntent.id;
    return [
      {
        method: 'POST',
        url: '/api/payments/confirm',
        token: other.token,
        body: { orderId: other.order.id, paymentIntentId },
      },
    ];
  },
  // A payment provider's signed event (the built-in test provider's signature), about an intent no order has.
  'POST /api/payments/webhooks/:provider': async (d) => {
    const body = JSON.stringify({
      id: 'evt_walk',
      type: 'payment.succeeded',
      intentId: 'pi_test_walk',
      amountCents: 1250,
      currency: 'usd',
    });
    const signature = signTestWebhook(`webhook:${d.app.config.jwtSecret}`, body);
    return [
      {
        method: 'POST',
        url: '/api/payments/webhooks/test',
        body,
        headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signature },
      },
    ];
  },
  'GET /api/payments/methods': asCustomer('GET', () => '/api/payments/methods'),
  'POST /api/payments/methods': asCustomer(
    'POST',
    () => '/api/payments/methods',
    () => ({ token: 'tok_walk', last4: '4242' }),
  ),
  'DELETE /api/payments/methods/:id': async (d) => {
    const saved = await call(d.app, 'POST', '/api/payments/methods', {
      token: d.customer.token,
      body: { token: 'tok_walk_delete', last4: '1111' },
    });
    return [{ method: 'DELETE', url: `/api/payments/methods/${saved.body.data.method.id}`, token: d.customer.token }];
  },

  // Orders: the customer's own, and a guest's by number and e-mail.
  'POST /api/orders': asCustomer(
    'POST',
    () => '/api/orders',
    (d) => orderBody([{ productId: d.product.id, size: 'M', color: 'Black', quantity: 1 }]),
  ),
  'POST /api/orders/guest': anonymous('POST', '/api/orders/guest', (d) => ({
    ...orderBody([{ productId: d.product.id, size: 'M', color: 'Black', quantity: 1 }]),
    email: d.guestOrder.email,
  })),
  'GET /api/orders/my-orders': asCustomer('GET', () => '/api/orders/my-orders'),
  'GET /api/orders/track/:orderNumber': read(
    (d) => `/api/orders/track/${d.guestOrder.orderNumber}?email=${encodeURIComponent(d.guestOrder.email)}`,
  ),
  'GET /api/orders/:id': asCustomer('GET', (d) => `/api/orders/${d.order.id}`),
  'GET /api/orders/:id/tracking': asCustomer('GET', (d) => `/api/orders/${d.order.id}/tracking`),
  'GET /api/orders/:id/returns': asCustomer('GET', (d) => `/api/orders/${d.order.id}/returns`),
  'DELETE /api/orders/:id': async (d) => {
    const other = await customerWithOrder(d);
    return [{ method: 'DELETE', url: `/api/orders/${other.order.id}`, token: other.token }];
  },
  'PUT /api/orders/:id/cancel': async (d) => {
    const other = await customerWithOrder(d);
    return [
      {
        method: 'PUT',
        url: `/api/orders/${other.order.id}/cancel`,
        token: other.token,
        body: { reason: 'Changed mind' },
      },
    ];
  },
  'POST /api/orders/:id/refund': async (d) => {
    const other = await customerWithOrder(d);
    const admin = await signedIn(d.app, 'admin');
    await call(d.app, 'PUT', `/api/orders/${other.order.id}/status`, {
      token: admin.token,
      body: { status: 'delivered', paymentStatus: 'paid' },
    });
    return [
      { method: 'POST', url: `/api/orders/${other.order.id}/refund`, token: other.token, body: { reason: 'Too big' } },
    ];
  },

  // The customer's own profile, preferences and address book.
  'GET /api/users/profile': asCustomer('GET', () => '/api/users/profile'),
  'PUT /api/users/profile': asCustomer(
    'PUT',
    () => '/api/users/profile',
    () => ({ firstName: 'Walk', lastName: 'Er', phone: '5550123456' }),
  ),
  'PUT /api/users/change-password': async (d) => {
    const other = await signedIn(d.app, 'customer');
    return [
      {
        method: 'PUT',
        url: '/api/users/change-password',
        token: other.token,
        body: { currentPassword: other.user.password, newPassword: 'Walk-Changed-42' },
      },
    ];
  },
  'PUT /api/users/preferences': asCustomer(
    'PUT',
    () => '/api/users/preferences',
    () => ({ newsletter: true, preferredSizes: ['M'] }),
  ),
  'DELETE /api/users/account': async (d) => {
    const other = await signedIn(d.app, 'customer');
    return [
      { method: 'DELETE', url: '/api/users/account', token: other.token, body: { password: other.user.password } },
    ];
  },
  'GET /api/cart': asCustomer('GET', () => '/api/cart'),
  'PUT /api/cart': asCustomer(
    'PUT',
    () => '/api/cart',
    (d) => ({
      items: cart(d).map(({ variantId: _, ...line }) => ({ ...line, slug: d.product.slug, name: 'Walk tee' })),
    }),
  ),
  'GET /api/users/addresses': asCustomer('GET', () => '/api/users/addresses'),
  'POST /api/users/addresses': asCustomer(
    'POST',
    () => '/api/users/addresses',
    () => savedAddress,
  ),
  'PUT /api/users/addresses/:id': async (d) => {
    const id = await addressOf(d);
    return [
      {
        method: 'PUT',
        url: `/api/users/addresses/${id}`,
        token: d.customer.token,
        body: { ...savedAddress, city: 'Salem' },
      },
    ];
  },
  'DELETE /api/users/addresses/:id': async (d) => {
    const id = await addressOf(d);
    return [{ method: 'DELETE', url: `/api/users/addresses/${id}`, token: d.customer.token }];
  },
};
