import { locationContracts as contracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../lib/audit.js';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';
import { LocationsService } from './locations.service.js';
import { pickupLocations, productPickup } from './pickup.js';

/**
 * Stock locations: staff read them with their stock figures (every screen that offers a location reads this one list),
 * admins add, edit, order and (de)activate them.
 */
export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new LocationsService(app.db);

  serve(app, contracts.list, async (request) => ok({ locations: await service.list(request.query.active) }));

  // The storefront's view: where an order can be picked up, and what each shop has of a product.
  serve(app, contracts.pickupLocations, async () => ok({ locations: await pickupLocations(app.db) }));
  serve(app, contracts.productPickup, async (request) =>
    ok({ locations: await productPickup(app.db, request.params.id) }),
  );

  serve(app, contracts.create, async (request, reply) => {
    const location = await service.create(request.body, auditContext(request));
    return reply.status(201).send(ok({ location }, 'Location added successfully'));
  });

  serve(app, contracts.reorder, async (request) =>
    ok({ locations: await service.reorder(request.body.ids, auditContext(request)) }, 'Fulfilment order saved'),
  );

  serve(app, contracts.update, async (request) =>
    ok(
      { location: await service.update(request.params.id, request.body, auditContext(request)) },
      'Location updated successfully',
    ),
  );

  serve(app, contracts.deactivate, async (request) =>
    ok(
      { location: await service.deactivate(request.params.id, auditContext(request)) },
      'Location deactivated successfully',
    ),
  );

  serve(app, contracts.activate, async (request) =>
    ok(
      { location: await service.activate(request.params.id, auditContext(request)) },
      'Location activated successfully',
    ),
  );
};
