import { z } from 'zod';
import { endpoint, envelope, messageEnvelope } from '../contract.js';
import {
  adminCustomer,
  customerDetail,
  customerListData,
  customerListQuery,
  customerStatusInput,
  customerUpdateInput,
} from '../customers.js';
import { idParams } from '../ids.js';

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
