import { z } from 'zod';
import { publicUser } from '../auth.js';
import { endpoint } from '../contract.js';
import { envelope } from '../envelopes.js';
import { idParams } from '../id-params.js';
import {
  ADMIN_PROTECTED_MESSAGE,
  CREATE_ROLE_MESSAGE,
  createUserInput,
  listUsersQuery,
  updateUserStatusInput,
  userListData,
} from '../users.js';

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
    description:
      'Staff accounts only (admin, moderator, support); customers are listed under /admin/customers. `role=staff` ' +
      '(default) or one staff role; search over first name, last name, full name and e-mail.',
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
    description: 'A staff account; a customer or unknown id answers 404 "User not found".',
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
    description:
      'Inviting (POST /admin/invitations) is the usual way; this sets the password directly. The admin role can ' +
      `never be given: 400 "${CREATE_ROLE_MESSAGE}"; 409 "An account with this email already exists". Recorded in ` +
      'the activity log.',
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
    description:
      'Send `isActive`, `role` (moderator or support) or both; "deleting" a user is deactivating them, which ends ' +
      `every session of theirs at once. 403 "${ADMIN_PROTECTED_MESSAGE}" for an admin account; 404 "User not found".`,
    tag,
    access: 'usersWrite',
    params,
    body: updateUserStatusInput,
    bodyExample: { isActive: false },
    responses: { 200: userEnvelope },
  }),
};
