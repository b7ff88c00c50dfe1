import {
  authTokens,
  changePasswordInput,
  customerPreferences,
  deleteAccountInput,
  idParams,
  preferencesInput,
  profileUpdateInput,
  profileUser,
  savedAddress,
  savedAddressInput,
} from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext } from '../../lib/audit.js';
import { envelope, messageEnvelope, ok } from '../../lib/responses.js';
import { AddressesService } from './addresses.service.js';
import { ProfileService } from './profile.service.js';

const tags = ['profile'];
const access = 'customer' as const;
const addressParams = idParams('address');
const addressEnvelope = envelope(z.object({ address: savedAddress }));

/** The signed-in customer's own profile, password, address book, preferences and account (spec part 2 §7). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const profile = new ProfileService(app.db, app.accessTokens);
  const addressBook = new AddressesService(app.db);

  app.get(
    '/users/profile',
    { config: { access }, schema: { tags, response: { 200: envelope(z.object({ user: profileUser })) } } },
    async (request) => ok({ user: await profile.get(request.user!.id) }),
  );

  app.put(
    '/users/profile',
    {
      config: { access },
      schema: { tags, body: profileUpdateInput, response: { 200: envelope(z.object({ user: profileUser })) } },
    },
    async (request) => {
      const user = await profile.update(request.user!.id, request.body, auditContext(request));
      return ok({ user }, 'Profile updated successfully');
    },
  );

  app.put(
    '/users/change-password',
    {
      config: { access },
      schema: { tags, body: changePasswordInput, response: { 200: envelope(z.object({ tokens: authTokens })) } },
    },
    async (request) => {
      const tokens = await profile.changePassword(request.user!.id, request.body, auditContext(request));
      return ok({ tokens }, 'Password changed successfully. Other sessions have been signed out.');
    },
  );

  app.put(
    '/users/preferences',
    {
      config: { access },
      schema: {
        tags,
        body: preferencesInput,
        response: { 200: envelope(z.object({ preferences: customerPreferences })) },
      },
    },
    async (request) => {
      const preferences = await profile.updatePreferences(request.user!.id, request.body, auditContext(request));
      return ok({ preferences }, 'Preferences updated successfully');
    },
  );

  app.delete(
    '/users/account',
    { config: { access }, schema: { tags, body: deleteAccountInput, response: { 200: messageEnvelope } } },
    async (request) => {
      await profile.deleteAccount(request.user!.id, request.body.password, auditContext(request));
      return { success: true as const, message: 'Account deleted successfully' };
    },
  );

  app.get(
    '/users/addresses',
    {
      config: { access },
      schema: { tags, response: { 200: envelope(z.object({ addresses: z.array(savedAddress) })) } },
    },
    async (request) => ok({ addresses: await addressBook.list(request.user!.id) }),
  );

  app.post(
    '/users/addresses',
    { config: { access }, schema: { tags, body: savedAddressInput, response: { 201: addressEnvelope } } },
    async (request, reply) => {
      const address = await addressBook.create(request.user!.id, request.body, auditContext(request));
      return reply.status(201).send(ok({ address }, 'Address added successfully'));
    },
  );

  app.put(
    '/users/addresses/:id',
    {
      config: { access },
      schema: { tags, params: addressParams, body: savedAddressInput, response: { 200: addressEnvelope } },
    },
    async (request) => {
      const address = await addressBook.update(
        request.user!.id,
        request.params.id,
        request.body,
        auditContext(request),
      );
      return ok({ address }, 'Address updated successfully');
    },
  );

  app.delete(
    '/users/addresses/:id',
    { config: { access }, schema: { tags, params: addressParams, response: { 200: messageEnvelope } } },
    async (request) => {
      await addressBook.remove(request.user!.id, request.params.id, auditContext(request));
      return { success: true as const, message: 'Address deleted successfully' };
    },
  );
};
