import { buildUser } from '../factories.js';
import { call } from '../harness.js';
import { dataOf, type ScenarioTable } from './types.js';

const STAFF_PASSWORD = 'Coverage-Staff-Pass-7';

/** Staff-user management: creating a user and changing a user's status or role. */
export const usersScenarios: ScenarioTable = {
  'POST /api/admin/users': async ({ app, staff }) => {
    const admin = await staff('admin');
    const body = {
      email: `coverage-staff-${Date.now()}@example.com`,
      password: STAFF_PASSWORD,
      firstName: 'Cora',
      lastName: 'Coverage',
      role: 'moderator',
    };
    return {
      call: () => call(app, 'POST', '/api/admin/users', { token: admin.token, body }),
      expected: (res) => ({
        userId: admin.user.id,
        action: 'create',
        resource: 'user',
        resourceId: dataOf<{ user: { id: string } }>(res).user.id,
        changes: ['email', 'firstName', 'lastName', 'role'],
      }),
      secrets: [STAFF_PASSWORD],
    };
  },
  'PUT /api/admin/users/:id/status': async ({ app, staff }) => {
    const admin = await staff('admin');
    const target = await buildUser(app.db, { role: 'support' });
    return {
      call: () =>
        call(app, 'PUT', `/api/admin/users/${target.id}/status`, {
          token: admin.token,
          body: { role: 'moderator' },
        }),
      expected: () => ({
        userId: admin.user.id,
        action: 'update_status',
        resource: 'user',
        resourceId: target.id,
        changes: ['role'],
      }),
    };
  },
};
