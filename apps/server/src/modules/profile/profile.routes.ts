import { profileContracts as contracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../lib/audit.js';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';
import { deliverTokens } from '../auth/index.js';
import { AddressesService } from './addresses.service.js';
import { type CustomerChanged, ProfileService } from './profile.service.js';

/**
 * The signed-in customer's own profile, password, address book, preferences and account (the specification).
 * `customerChanged` records a customer's change as the customers module does (passed in by modules/index.ts, since
 * customers build on this module).
 */
export const profileRoutes =
  (customerChanged: CustomerChanged): FastifyPluginAsyncZod =>
  async (app) => {
    const profile = new ProfileService(app.db, app.accessTokens, customerChanged);
    const addressBook = new AddressesService(app.db);

    serve(app, contracts.get, async (request) => ok({ user: await profile.get(request.user!.id) }));

    serve(app, contracts.update, async (request) => {
      const user = await profile.update(request.user!.id, request.body, auditContext(request));
      return ok({ user }, 'Profile updated successfully');
    });

    serve(app, contracts.changePassword, async (request, reply) => {
      const issued = await profile.changePassword(request.user!.id, request.body, auditContext(request));
      // The new session's refresh token replaces the browser app's cookie (or, for `api`, is in the answer).
      const tokens = deliverTokens(request, reply, issued);
      return ok({ tokens }, 'Password changed successfully. Other sessions have been signed out.');
    });

    serve(app, contracts.updatePreferences, async (request) => {
      const preferences = await profile.updatePreferences(request.user!.id, request.body, auditContext(request));
      return ok({ preferences }, 'Preferences updated successfully');
    });

    serve(app, contracts.deleteAccount, async (request) => {
      await profile.deleteAccount(request.user!.id, request.body.password, auditContext(request));
      return { success: true as const, message: 'Account deleted successfully' };
    });

    serve(app, contracts.listAddresses, async (request) => ok({ addresses: await addressBook.list(request.user!.id) }));

    serve(app, contracts.createAddress, async (request, reply) => {
      const address = await addressBook.create(request.user!.id, request.body, auditContext(request));
      return reply.status(201).send(ok({ address }, 'Address added successfully'));
    });

    serve(app, contracts.updateAddress, async (request) => {
      const address = await addressBook.update(
        request.user!.id,
        request.params.id,
        request.body,
        auditContext(request),
      );
      return ok({ address }, 'Address updated successfully');
    });

    serve(app, contracts.deleteAddress, async (request) => {
      await addressBook.remove(request.user!.id, request.params.id, auditContext(request));
      return { success: true as const, message: 'Address deleted successfully' };
    });
  };
