import { authContracts as contracts, twoFactorContracts } from '@seamline/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../lib/audit.js';
import { serve } from '../../lib/contract-route.js';
import { AppError } from '../../lib/errors.js';
import { ChallengeTokens } from '../../lib/jwt.js';
import { ok } from '../../lib/responses.js';
import { TwoFactorService } from '../two-factor/index.js';
import { AuthService, FORGOT_PASSWORD_ANSWER, type IssuedSession, RESEND_VERIFICATION_ANSWER } from './auth.service.js';
import {
  clearedRefreshCookie,
  deliverTokens,
  isBrowserClient,
  readRefreshCookie,
  sameSiteSessionCall,
} from './session-transport.js';

/** Sign-in, registration, tokens, password reset and e-mail verification; the sign-in throttle is in the service. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const twoFactor = new TwoFactorService(app.db, app.config.totpEncryptionKey);
  const challenges = new ChallengeTokens(app.config.jwtSecret);
  const auth = new AuthService(app.db, app.accessTokens, app.config.publicUrl, twoFactor, challenges);

  // Sign-in answers: a browser app's refresh token goes into its cookie, never into the answer (session-transport).
  const answerSession = (request: FastifyRequest, reply: FastifyReply, session: IssuedSession) => ({
    user: session.user,
    tokens: deliverTokens(request, reply, session.tokens),
  });

  serve(app, contracts.login, async (request, reply) => {
    const answer = await auth.login(request.body, auditContext(request, null));
    return ok('twoFactor' in answer ? answer : answerSession(request, reply, answer), 'Login successful');
  });

  serve(app, twoFactorContracts.loginVerify, async (request, reply) => {
    const { challengeToken, code } = request.body;
    const session = await auth.loginWithCode(challengeToken, code, auditContext(request, null));
    return ok(answerSession(request, reply, session), 'Login successful');
  });

  serve(app, twoFactorContracts.loginSetup, async (request) =>
    ok(await auth.startRequiredSetup(request.body.challengeToken, auditContext(request, null))),
  );

  serve(app, twoFactorContracts.loginEnable, async (request, reply) => {
    const { challengeToken, code } = request.body;
    const { recoveryCodes, ...session } = await auth.finishRequiredSetup(
      challengeToken,
      code,
      auditContext(request, null),
    );
    return ok(
      { ...answerSession(request, reply, session), recoveryCodes },
      'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
    );
  });

  serve(app, contracts.register, async (request, reply) => {
    const session = await auth.register(request.body, auditContext(request, null));
    return reply.status(201).send(ok(answerSession(request, reply, session), 'Registration successful'));
  });

  /**
   * A browser app's refresh reads its cookie (or, once, a token kept in localStorage before the cookie: it moves
   * into the cookie); an `api` client's reads the body. A refused token clears the cookie; a refused caller (no
   * header, another site) changes nothing. Never shed under overload: a refused renewal signs the person out, and
   * signing in again costs far more (argon2).
   */
  serve(
    app,
    contracts.refresh,
    async (request, reply) => {
      const client = sameSiteSessionCall(request, app.config.publicUrl);
      const fromBody = request.body?.refreshToken ?? null;
      const token = isBrowserClient(client) ? (readRefreshCookie(request, client) ?? fromBody) : fromBody;
      const clearCookie = isBrowserClient(client) ? { 'set-cookie': clearedRefreshCookie(client) } : undefined;
      if (!token)
        throw new AppError(401, 'UNAUTHORIZED', 'No session to refresh: please sign in', undefined, clearCookie);
      try {
        return ok({ tokens: deliverTokens(request, reply, await auth.refresh(token, auditContext(request, null))) });
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 401 && clearCookie)
          throw new AppError(401, error.code, error.message, undefined, clearCookie);
        throw error;
      }
    },
    { config: { admission: 'always' } },
  );

  /** Ends the session of the app's cookie (or an `api` client's body token) and clears the cookie either way. */
  serve(app, contracts.logout, async (request, reply) => {
    const client = sameSiteSessionCall(request, app.config.publicUrl);
    const fromBody = request.body?.refreshToken || null;
    const token = isBrowserClient(client) ? (readRefreshCookie(request, client) ?? fromBody) : fromBody;
    await auth.logout(auditContext(request), token);
    if (isBrowserClient(client)) reply.header('set-cookie', clearedRefreshCookie(client));
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
