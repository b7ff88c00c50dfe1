import { call } from '../harness.js';
import { dataOf, type ScenarioTable } from './types.js';

/** A staff member saving and deleting a view of a list's filters. */
export const savedViewsScenarios: ScenarioTable = {
  'POST /api/admin/saved-views': async ({ app, staff }) => {
    const support = await staff('support');
    return {
      call: () =>
        call(app, 'POST', '/api/admin/saved-views', {
          token: support.token,
          body: { list: 'orders', name: 'Pending', query: 'status=pending' },
        }),
      expected: (response) => ({
        userId: support.user.id,
        action: 'create',
        resource: 'saved_view',
        resourceId: dataOf<{ view: { id: string } }>(response).view.id,
      }),
    };
  },
  'DELETE /api/admin/saved-views/:id': async ({ app, staff }) => {
    const moderator = await staff('moderator');
    const saved = await call(app, 'POST', '/api/admin/saved-views', {
      token: moderator.token,
      body: { list: 'products', name: 'Low stock', query: 'stock=low' },
    });
    const id = dataOf<{ view: { id: string } }>(saved).view.id;
    return {
      call: () => call(app, 'DELETE', `/api/admin/saved-views/${id}`, { token: moderator.token }),
      expected: () => ({ userId: moderator.user.id, action: 'delete', resource: 'saved_view', resourceId: id }),
    };
  },
};
