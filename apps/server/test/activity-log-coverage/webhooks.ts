import { call } from '../harness.js';
import { type CoverageContext, dataOf, type ScenarioTable } from './types.js';

// A public address literal: accepted without the private-hosts flag and without a DNS lookup.
const URL = 'https://93.184.215.14/hooks';
const resource = 'webhook_endpoint';

/** An endpoint made by an admin through the API (its own create row is written before the snapshot). */
async function existingEndpoint(ctx: CoverageContext, token: string): Promise<string> {
  const made = await call(ctx.app, 'POST', '/api/admin/webhooks', {
    token,
    body: { url: URL, topics: ['order.paid'] },
  });
  return dataOf<{ endpoint: { id: string } }>(made).endpoint.id;
}

/** Webhook endpoints (admins only); the signing secret never reaches a log row. */
export const webhooksScenarios: ScenarioTable = {
  'POST /api/admin/webhooks': async (ctx) => {
    const admin = await ctx.staff('admin');
    let secret = '';
    return {
      call: async () => {
        const res = await call(ctx.app, 'POST', '/api/admin/webhooks', {
          token: admin.token,
          body: { url: URL, topics: ['order.created'] },
        });
        secret = dataOf<{ secret: string }>(res).secret;
        return res;
      },
      expected: (res) => ({
        userId: admin.user.id,
        action: 'create',
        resource,
        resourceId: dataOf<{ endpoint: { id: string } }>(res).endpoint.id,
      }),
      get secrets() {
        return secret ? [secret] : [];
      },
    };
  },
  'PATCH /api/admin/webhooks/:id': async (ctx) => {
    const admin = await ctx.staff('admin');
    const id = await existingEndpoint(ctx, admin.token);
    return {
      call: () =>
        call(ctx.app, 'PATCH', `/api/admin/webhooks/${id}`, {
          token: admin.token,
          body: { topics: ['order.cancelled'] },
        }),
      expected: () => ({ userId: admin.user.id, action: 'update', resource, resourceId: id, changes: ['topics'] }),
    };
  },
  'DELETE /api/admin/webhooks/:id': async (ctx) => {
    const admin = await ctx.staff('admin');
    const id = await existingEndpoint(ctx, admin.token);
    return {
      call: () => call(ctx.app, 'DELETE', `/api/admin/webhooks/${id}`, { token: admin.token }),
      expected: () => ({ userId: admin.user.id, action: 'delete', resource, resourceId: id }),
    };
  },
  'POST /api/admin/webhooks/:id/rotate-secret': async (ctx) => {
    const admin = await ctx.staff('admin');
    const id = await existingEndpoint(ctx, admin.token);
    return {
      call: () => call(ctx.app, 'POST', `/api/admin/webhooks/${id}/rotate-secret`, { token: admin.token }),
      expected: () => ({ userId: admin.user.id, action: 'rotate_signing_key', resource, resourceId: id }),
    };
  },
  'POST /api/admin/webhooks/:id/test': async (ctx) => {
    const admin = await ctx.staff('admin');
    const id = await existingEndpoint(ctx, admin.token);
    return {
      call: () => call(ctx.app, 'POST', `/api/admin/webhooks/${id}/test`, { token: admin.token }),
      expected: () => ({ userId: admin.user.id, action: 'send_test', resource, resourceId: id }),
    };
  },
  'POST /api/admin/webhooks/:id/deliveries/:deliveryId/resend': async (ctx) => {
    const admin = await ctx.staff('admin');
    const id = await existingEndpoint(ctx, admin.token);
    const test = await call(ctx.app, 'POST', `/api/admin/webhooks/${id}/test`, { token: admin.token });
    const deliveryId = dataOf<{ delivery: { id: string } }>(test).delivery.id;
    return {
      call: () =>
        call(ctx.app, 'POST', `/api/admin/webhooks/${id}/deliveries/${deliveryId}/resend`, { token: admin.token }),
      expected: () => ({ userId: admin.user.id, action: 'resend', resource, resourceId: id }),
    };
  },
};
