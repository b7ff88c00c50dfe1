import { productStockContracts as contracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../lib/audit.js';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';
import { ProductStockService } from './product-stock.service.js';

const STOCK_UPDATED = 'Stock updated successfully';

/** Stock per size/color: every change through the one stock function (docs/domain.md § Domain rules). */
export const productStockRoutes: FastifyPluginAsyncZod = async (app) => {
  const stock = new ProductStockService(app.db);

  for (const [contract, operation] of [
    [contracts.add, 'add'],
    [contracts.remove, 'subtract'],
  ] as const) {
    serve(app, contract, async (request) =>
      ok(
        { product: await stock.change(request.params.id, { ...request.body, operation }, auditContext(request)) },
        STOCK_UPDATED,
      ),
    );
  }

  serve(app, contracts.update, async (request) =>
    ok({ product: await stock.change(request.params.id, request.body, auditContext(request)) }, STOCK_UPDATED),
  );

  serve(app, contracts.addCombination, async (request, reply) => {
    const product = await stock.addCombination(request.params.id, request.body, auditContext(request));
    return reply.status(201).send(ok({ product }, 'Variant added successfully'));
  });

  serve(app, contracts.replace, async (request) =>
    ok(
      { product: await stock.replace(request.params.id, request.body.inventory, auditContext(request)) },
      'Inventory updated successfully',
    ),
  );

  serve(app, contracts.levels, async (request) => ok(await stock.levels(request.params.id)));

  serve(app, contracts.history, async (request) =>
    ok(await stock.historyPage(request.params.id, request.query.page, request.query.limit)),
  );

  serve(app, contracts.historyDays, async (request) =>
    ok(await stock.historyDays(request.params.id, request.query.days)),
  );
};
