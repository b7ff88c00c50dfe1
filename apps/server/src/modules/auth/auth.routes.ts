import {
  authTokens,
  forgotPasswordInput,
  loginInput,
  publicUser,
  refreshInput,
  registerInput,
  resendVerificationInput,
  resetPasswordInput,
  verifyEmailInput,
} from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext } from '../../lib/audit.js';
import { envelope, messageEnvelope, ok } from '../../lib/responses.js';
import { AuthService, FORGOT_PASSWORD_ANSWER, RESEND_VERIFICATION_ANSWER } from './auth.service.js';

const sessionEnvelope = envelope(z.object({ user: publicUser, tokens: authTokens }));
const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = new AuthService(app.db, app.accessTokens, app.config.publicUrl);

  app.post(
    '/auth/login',
    { config: { access: 'public' }, schema: { tags, body: loginInput, response: { 200: sessionEnvelope } } },
    async (request) => ok(await auth.login(request.body, auditContext(request, null)), 'Login successful'),
  );

  app.post(
    '/auth/register',
    { config: { access: 'public' }, schema: { tags, body: registerInput, response: { 201: sessionEnvelope } } },
    async (request, reply) => {
      const session = await auth.register(request.body, auditContext(request, null));
      return reply.status(201).send(ok(session, 'Registration successful'));
    },
  );

  app.post(
    '/auth/refresh',
    {
      config: { access: 'public' },
      schema: { tags, body: refreshInput, response: { 200: envelope(z.object({ tokens: authTokens })) } },
    },
    async (request) => ok({ tokens: await auth.refresh(request.body.refreshToken) }),
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        body: z.object({ refreshToken: z.string().max(512).optional() }).optional(),
        response: { 200: messageEnvelope },
      },
    },
    async (request) => {
      await auth.logout(request.user!.id, request.body?.refreshToken, auditContext(request));
      return { success: true as const, message: 'Logged out successfully' };
    },
  );

  app.get(
    '/auth/verify',
    {
      config: { access: 'authenticated' },
      schema: { tags, response: { 200: envelope(z.object({ user: publicUser })) } },
    },
    async (request) => ok({ user: await auth.currentUser(request.user!.id) }),
  );

  app.post(
    '/auth/forgot-password',
    { config: { access: 'public' }, schema: { tags, body: forgotPasswordInput, response: { 200: messageEnvelope } } },
    async (request) => {
      await auth.forgotPassword(request.body.email, auditContext(request, null));
      return { success: true as const, message: FORGOT_PASSWORD_ANSWER };
    },
  );

  app.post(
    '/auth/reset-password',
    { config: { access: 'public' }, schema: { tags, body: resetPasswordInput, response: { 200: messageEnvelope } } },
    async (request) => {
      await auth.resetPassword(request.body.token, request.body.password, auditContext(request, null));
      return { success: true as const, message: 'Password has been reset. You can now sign in.' };
    },
  );

  app.post(
    '/auth/verify-email',
    { config: { access: 'public' }, schema: { tags, body: verifyEmailInput, response: { 200: messageEnvelope } } },
    async (request) => {
      await auth.verifyEmail(request.body.token, auditContext(request, null));
      return { success: true as const, message: 'Email verified successfully' };
    },
  );

  app.post(
    '/auth/resend-verification',
    {
      config: { access: 'public' },
      schema: { tags, body: resendVerificationInput, response: { 200: messageEnvelope } },
    },
    async (request) => {
      await auth.resendVerification(request.body.email);
      return { success: true as const, message: RESEND_VERIFICATION_ANSWER };
    },
  );
};
