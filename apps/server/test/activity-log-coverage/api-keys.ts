import { call } from '../harness.js';
import { dataOf, type ScenarioTable } from './types.js';

/** An admin creating and revoking an API key. */
export const apiKeysScenarios: ScenarioTable = {
  'POST /api/admin/api-keys': async ({ app, staff }) => {
    const admin = await staff('admin');
    return {
      call: () =>
        call(app, 'POST', '/api/admin/api-keys', {
          token: admin.token,
          body: { name: 'ERP sync', scopes: ['orders:read'] },
        }),
      expected: (response) => ({
        userId: admin.user.id,
        action: 'create',
        resource: 'api_key',
        resourceId: dataOf<{ apiKey: { id: string } }>(response).apiKey.id,
      }),
    };
  },
  'POST /api/admin/api-keys/:id/revoke': async ({ app, staff }) => {
    const admin = await staff('admin');
    const created = await call(app, 'POST', '/api/admin/api-keys', {
      token: admin.token,
      body: { name: 'Warehouse', scopes: ['inventory:write'] },
    });
    const id = dataOf<{ apiKey: { id: string } }>(created).apiKey.id;
    return {
      call: () => call(app, 'POST', `/api/admin/api-keys/${id}/revoke`, { token: admin.token }),
      expected: () => ({ userId: admin.user.id, action: 'revoke', resource: 'api_key', resourceId: id }),
    };
  },
};
