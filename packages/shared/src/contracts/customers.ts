import { z } from 'zod';
import { endpoint } from '../contract.js';
import {
  adminCustomer,
  customerDetail,
  customerListData,
  customerListQuery,
  customerStatusInput,
  customerUpdateInput,
} from '../customers.js';
import { envelope, messageEnvelope } from '../envelopes.js';
import { idParams } from '../id-params.js';

const tag = 'customers';
const params = idParams('customer');
const customerEnvelope = envelope(z.object({ user: adminCustomer }));

/** Back-office customer management (docs/domain.md § API paths): staff read, admin and support write. */
export const customerContracts = {
  list: endpoint({
    operationId: 'listCustomers',
    method: 'GET',
    path: '/admin/customers',
    summary: 'List customers with their order figures (search by name, e-mail or phone; filter by status)',
    description:
      'Customer accounts only (never staff, never erased ones), newest first, each with order count, amount spent ' +
      'and tier. `status=active|inactive`, `registeredFrom`/`registeredTo` (a day or an ISO date-time), ' +
      '`hasOrders=yes|no`; a search of 3 or more digits also matches phone numbers. `overall` counts the list ' +
      'without the search ("X of Y customers").',
    tag,
    access: 'customersRead',
    query: customerListQuery,
    responses: { 200: envelope(customerListData) },
  }),
  get: endpoint({
    operationId: 'getCustomer',
    method: 'GET',
    path: '/admin/customers/:id',
    summary: 'Get one customer with their most recent orders and saved addresses',
    description:
      'Up to 100 most recent orders and the address book (default first). 404 "Customer not found" for an ' +
      'unknown id, a staff account or an erased customer.',
    tag,
    access: 'customersRead',
    params,
    responses: { 200: envelope(customerDetail) },
  }),
  update: endpoint({
    operationId: 'updateCustomer',
    method: 'PUT',
    path: '/admin/customers/:id',
    summary: "Edit a customer's name and phone",
    description:
      'An empty phone clears it. Changes are recorded in the activity log with before/after. 404 "Customer not found".',
    tag,
    access: 'customersWrite',
    params,
    body: customerUpdateInput,
    bodyExample: { firstName: 'Emma', lastName: 'Wilson', phone: '555-012-3456' },
    responses: { 200: customerEnvelope },
  }),
  setStatus: endpoint({
    operationId: 'setCustomerStatus',
    method: 'PUT',
    path: '/admin/customers/:id/status',
    summary: 'Activate or deactivate a customer (deactivation ends their sessions and blocks ordering)',
    description:
      'A deactivated customer cannot sign in or order, and every session of theirs ends at once (also when it was ' +
      'already inactive). A change is recorded in the activity log. 404 "Customer not found".',
    tag,
    access: 'customersWrite',
    params,
    body: customerStatusInput,
    bodyExample: { isActive: false },
    responses: { 200: customerEnvelope },
  }),
  erase: endpoint({
    operationId: 'eraseCustomer',
    method: 'DELETE',
    path: '/admin/customers/:id',
    summary: "Erase a customer's personal data on their request (GDPR Art. 17), as their own account deletion does",
    description:
      'Admins only; cannot be undone. The account is anonymised and signed out everywhere; addresses, cards, cart, ' +
      'sessions, mail and sign-in records go; orders keep number, lines, amounts, tax, statuses and the tax ' +
      'region (state, ZIP code, country), without names, street, city, phone or notes; the activity log keeps what ' +
      'was done, without the person. The e-mail may register again.',
    tag,
    access: 'customersErase',
    params,
    responses: { 200: messageEnvelope },
  }),
};
