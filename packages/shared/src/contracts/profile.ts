import { z } from 'zod';
import { savedAddress, savedAddressInput } from '../addresses.js';
import { authTokens, sessionClientHeaders } from '../auth.js';
import { endpoint } from '../contract.js';
import { envelope, messageEnvelope } from '../envelopes.js';
import { idParams } from '../id-params.js';
import {
  changePasswordInput,
  customerPreferences,
  deleteAccountInput,
  preferencesInput,
  profileUpdateInput,
  profileUser,
} from '../profile.js';

const tag = 'profile';
const access = 'customer';
const params = idParams('address');
const profileEnvelope = envelope(z.object({ user: profileUser }));
const addressEnvelope = envelope(z.object({ address: savedAddress }));
const addressExample = {
  label: 'Home',
  firstName: 'Alex',
  lastName: 'Morgan',
  street: '12 Harbor Street',
  city: 'Portland',
  state: 'OR',
  zipCode: '97201',
  country: 'United States',
  phone: '5551234567',
  isDefault: true,
};

/** The signed-in customer's own profile, password, address book, preferences and account (the specification). */
export const profileContracts = {
  get: endpoint({
    operationId: 'getProfile',
    method: 'GET',
    path: '/users/profile',
    summary: "The signed-in customer's profile and preferences",
    description: 'Customers only (staff have no storefront profile).',
    tag,
    access,
    responses: { 200: profileEnvelope },
  }),
  update: endpoint({
    operationId: 'updateProfile',
    method: 'PUT',
    path: '/users/profile',
    summary: "Change the signed-in customer's name and phone",
    description: 'An empty phone clears it; a change is recorded in the activity log.',
    tag,
    access,
    body: profileUpdateInput,
    bodyExample: { firstName: 'Alex', lastName: 'Morgan', phone: '5551234567' },
    responses: { 200: profileEnvelope },
  }),
  changePassword: endpoint({
    operationId: 'changePassword',
    method: 'PUT',
    path: '/users/change-password',
    summary:
      'Change the password (current one required); other sessions are signed out and this one continues with new tokens',
    description:
      'Staff use it too. A wrong current password answers 400 "Current password is incorrect" (field ' +
      '`currentPassword`) and counts toward the sign-in throttle (429). Every session ends; the new tokens are ' +
      'delivered as at sign-in (the cookie is replaced, or in the answer for `api`).',
    tag,
    // Staff change their own password from their profile too.
    access: 'authenticated',
    headers: sessionClientHeaders,
    body: changePasswordInput,
    bodyExample: { currentPassword: 'correct-horse-battery', newPassword: 'new-correct-horse' },
    responses: { 200: envelope(z.object({ tokens: authTokens })) },
  }),
  updatePreferences: endpoint({
    operationId: 'updatePreferences',
    method: 'PUT',
    path: '/users/preferences',
    summary: 'Change shopping preferences (the given keys replace the stored ones)',
    description: 'Keys left out keep their value; answers the whole set of preferences.',
    tag,
    access,
    body: preferencesInput,
    bodyExample: { newsletter: true, preferredSizes: ['M', 'L'], currency: 'USD' },
    responses: { 200: envelope(z.object({ preferences: customerPreferences })) },
  }),
  deleteAccount: endpoint({
    operationId: 'deleteAccount',
    method: 'DELETE',
    path: '/users/account',
    summary: "Delete the signed-in customer's account (password confirmed)",
    description:
      'A wrong password answers 400 "Password is incorrect" (field `password`) and counts toward the sign-in ' +
      'throttle. Personal data is erased everywhere and every session ends; orders stay for the books without ' +
      'name, street, city, phone or notes. The e-mail may register again.',
    tag,
    access,
    body: deleteAccountInput,
    bodyExample: { password: 'correct-horse-battery' },
    responses: { 200: messageEnvelope },
  }),
  listAddresses: endpoint({
    operationId: 'listAddresses',
    method: 'GET',
    path: '/users/addresses',
    summary: "The signed-in customer's saved addresses",
    description: 'The default address first, then oldest first.',
    tag,
    access,
    responses: { 200: envelope(z.object({ addresses: z.array(savedAddress) })) },
  }),
  createAddress: endpoint({
    operationId: 'createAddress',
    method: 'POST',
    path: '/users/addresses',
    summary: 'Save an address to the address book',
    description:
      'The first address, or one sent with `isDefault: true`, becomes the default. At most 20: then 409 ' +
      '"You can save at most 20 addresses."',
    tag,
    access,
    body: savedAddressInput,
    bodyExample: addressExample,
    responses: { 201: addressEnvelope },
    errors: [409],
  }),
  updateAddress: endpoint({
    operationId: 'updateAddress',
    method: 'PUT',
    path: '/users/addresses/:id',
    summary: 'Edit a saved address',
    description: '`isDefault: true` moves the default here. Only your own addresses: 404 "Address not found".',
    tag,
    access,
    params,
    body: savedAddressInput,
    bodyExample: addressExample,
    responses: { 200: addressEnvelope },
  }),
  deleteAddress: endpoint({
    operationId: 'deleteAddress',
    method: 'DELETE',
    path: '/users/addresses/:id',
    summary: 'Delete a saved address',
    description: 'Deleting the default makes the newest remaining address the default. 404 "Address not found".',
    tag,
    access,
    params,
    responses: { 200: messageEnvelope },
  }),
};
