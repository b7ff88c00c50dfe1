import { twoFactorContracts as contracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../lib/audit.js';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';
import { TwoFactorService } from './two-factor.service.js';

/** Profile → two-factor sign-in (staff), and the admin's "require two-factor for all staff" setting. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new TwoFactorService(app.db, app.config.totpEncryptionKey);

  serve(app, contracts.status, async (request) => ok(await service.status(request.user!.id)));

  serve(app, contracts.setup, async (request) => {
    const user = await service.findUser(request.user!.id);
    return ok(await service.startSetup(user, auditContext(request)));
  });

  serve(app, contracts.enable, async (request) => {
    const user = await service.findUser(request.user!.id);
    const recoveryCodes = await service.enable(user, request.body.code, auditContext(request));
    return ok({ recoveryCodes }, 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.');
  });

  serve(app, contracts.disable, async (request) => {
    const user = await service.findUser(request.user!.id);
    await service.disable(user, request.body.currentPassword, auditContext(request));
    return { success: true as const, message: 'Two-factor sign-in is off' };
  });

  serve(app, contracts.regenerateRecoveryCodes, async (request) => {
    const user = await service.findUser(request.user!.id);
    const recoveryCodes = await service.regenerateRecoveryCodes(
      user,
      request.body.currentPassword,
      auditContext(request),
    );
    return ok({ recoveryCodes }, 'New recovery codes. The old ones no longer work.');
  });

  serve(app, contracts.getSettings, async () => ok(await service.settings()));

  serve(app, contracts.updateSettings, async (request) =>
    ok(await service.updateSettings(request.body, auditContext(request)), 'Security settings saved'),
  );
};
