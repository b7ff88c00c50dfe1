import { transferContracts as contracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../lib/audit.js';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';
import { getTransfer, listTransfers } from './transfer-reads.js';
import { TransferSteps } from './transfer-steps.js';

/** Stock transfers between locations: read by staff, changed by whoever may change stock. */
export const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  const transfers = new TransferSteps(app.db);

  serve(app, contracts.list, async (request) => ok(await listTransfers(app.db, request.query)));

  serve(app, contracts.get, async (request) => ok({ transfer: await getTransfer(app.db, request.params.id) }));

  serve(app, contracts.create, async (request, reply) => {
    const transfer = await transfers.create(request.body, auditContext(request));
    return reply.status(201).send(ok({ transfer }, `Transfer ${transfer.number} created`));
  });

  serve(app, contracts.update, async (request) => {
    const transfer = await transfers.update(request.params.id, request.body, auditContext(request));
    return ok({ transfer }, `Transfer ${transfer.number} updated`);
  });

  serve(app, contracts.ship, async (request) => {
    const transfer = await transfers.ship(request.params.id, auditContext(request));
    return ok({ transfer }, `Transfer ${transfer.number} shipped`);
  });

  serve(app, contracts.receive, async (request) => {
    const transfer = await transfers.receive(request.params.id, request.body, auditContext(request));
    return ok(
      { transfer },
      `Transfer ${transfer.number} ${transfer.status === 'received' ? 'received' : 'partly received'}`,
    );
  });

  serve(app, contracts.cancel, async (request) => {
    const transfer = await transfers.cancel(request.params.id, auditContext(request));
    return ok({ transfer }, `Transfer ${transfer.number} cancelled`);
  });
};
