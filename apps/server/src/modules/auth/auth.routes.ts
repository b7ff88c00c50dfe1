import { authContracts as contracts, twoFactorContracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../lib/audit.js';
import { serve } from '../../lib/contract-route.js';
import { ChallengeTokens } from '../../lib/jwt.js';
import { ok } from '../../lib/responses.js';
import { TwoFactorService } from '../two-factor/two-factor.service.js';
import { AuthService, FORGOT_PASSWORD_ANSWER, RESEND_VERIFICATION_ANSWER } from './auth.service.js';

/** Sign-in, registration, tokens, password reset and e-mail verification; the sign-in throttle is in the service. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const twoFactor = new TwoFactorService(app.db, app.config.totpEncryptionKey);
  const challenges = new ChallengeTokens(app.config.jwtSecret);
  const auth = new AuthService(app.db, app.accessTokens, app.config.publicUrl, twoFactor, challenges);

  serve(app, contracts.login, async (request) =>
    ok(await auth.login(request.body, auditContext(request, null)), 'Login successful'),
  );

  serve(app, twoFactorContracts.loginVerify, async (request) => {
    const { challengeToken, code } = request.body;
    return ok(await auth.loginWithCode(challengeToken, code, auditContext(request, null)), 'Login successful');
  });

  serve(app, twoFactorContracts.loginSetup, async (request) =>
    ok(await auth.startRequiredSetup(request.body.challengeToken, auditContext(request, null))),
  );

  serve(app, twoFactorContracts.loginEnable, async (request) => {
    const { challengeToken, code } = request.body;
    const session = await auth.finishRequiredSetup(challengeToken, code, auditContext(request, null));
    return ok(session, 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.');
  });

  serve(app, contracts.register, async (request, reply) => {
    const session = await auth.register(request.body, auditContext(request, null));
    return reply.status(201).send(ok(session, 'Registration successful'));
  });

  // Never shed under overload: a refused renewal signs the person out, and signing in again costs far more (argon2).
  serve(
    app,
    contracts.refresh,
    async (request) => ok({ tokens: await auth.refresh(request.body.refreshToken, auditContext(request, null)) }),
    { config: { admission: 'always' } },
  );

  serve(app, contracts.logout, async (request) => {
    await auth.logout(request.user!.id, request.body?.refreshToken, auditContext(request));
    return { success: true as const, message: 'Logged out successfully' };
  });

  serve(app, contracts.verify, async (request) => ok({ user: await auth.currentUser(request.user!.id) }));

  serve(app, contracts.forgotPassword, async (request) => {
    await auth.forgotPassword(request.body.email, auditContext(request, null));
    return { success: true as const, message: FORGOT_PASSWORD_ANSWER };
  });

  serve(app, contracts.resetPassword, async (request) => {
    await auth.resetPassword(request.body.token, request.body.password, auditContext(request, null));
    return { success: true as const, message: 'Password has been reset. You can now sign in.' };
  });

  serve(app, contracts.verifyEmail, async (request) => {
    await auth.verifyEmail(request.body.token, auditContext(request, null));
    return { success: true as const, message: 'Email verified successfully' };
  });

  serve(app, contracts.resendVerification, async (request) => {
    await auth.resendVerification(request.body.email);
    return { success: true as const, message: RESEND_VERIFICATION_ANSWER };
  });
};
