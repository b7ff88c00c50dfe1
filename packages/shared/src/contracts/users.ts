import { z } from 'zod';
import { publicUser } from '../auth.js';
import { endpoint, envelope } from '../contract.js';
import { idParams } from '../ids.js';
import { createUserInput, listUsersQuery, updateUserStatusInput, userListData } from '../users.js';

const tag = 'users';
const params = idParams('user');
const userEnvelope = envelope(z.object({ user: publicUser }));

/** Staff user management (the specification: "Admin users"): staff may read, only admins write. */
export const userContracts = {
  list: endpoint({
    operationId: 'listUsers',
    method: 'GET',
    path: '/admin/users',
    summary: 'List users (staff by default; search, role and status filters, sorting)',
    tag,
    access: 'usersRead',
    query: listUsersQuery,
    responses: { 200: envelope(userListData) },
  }),
  get: endpoint({
    operationId: 'getUser',
    method: 'GET',
    path: '/admin/users/:id',
    summary: 'Get one user',
    tag,
    access: 'usersRead',
    params,
    responses: { 200: userEnvelope },
  }),
  create: endpoint({
    operationId: 'createUser',
    method: 'POST',
    path: '/admin/users',
    summary: 'Add a staff user (moderator or support)',
    tag,
    access: 'usersWrite',
    body: createUserInput,
    bodyExample: {
      email: 'jamie@example.com',
      password: 'correct-horse-battery',
      firstName: 'Jamie',
      lastName: 'Lee',
      phone: '5551234567',
      role: 'support',
    },
    responses: { 201: userEnvelope },
    errors: [409],
  }),
  updateStatus: endpoint({
    operationId: 'updateUserStatus',
    method: 'PUT',
    path: '/admin/users/:id/status',
    summary: "Change a staff user's role or active flag (admins are protected)",
    tag,
    access: 'usersWrite',
    params,
    body: updateUserStatusInput,
    bodyExample: { isActive: false },
    responses: { 200: userEnvelope },
  }),
};
