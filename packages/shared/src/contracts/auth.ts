import { z } from 'zod';
import {
  authTokens,
  forgotPasswordInput,
  loginInput,
  logoutInput,
  publicUser,
  refreshInput,
  registerInput,
  resendVerificationInput,
  resetPasswordInput,
  verifyEmailInput,
} from '../auth.js';
import { endpoint, envelope, messageEnvelope } from '../contract.js';
import { twoFactorChallenge } from '../staff-security.js';

/** A new session: the user and the token pair (sign-in and registration). */
export const sessionView = z.object({ user: publicUser, tokens: authTokens });
export type SessionView = z.infer<typeof sessionView>;

const tag = 'auth';
const exampleEmail = 'alex@example.com';
const exampleToken = '3f1c9a7e5b2d4c6e8a0b1d3f5a7c9e1b';

export const authContracts = {
  login: endpoint({
    operationId: 'login',
    method: 'POST',
    path: '/auth/login',
    summary: 'Sign in with e-mail and password',
    description:
      'Failed attempts are throttled per account and per address (429 with Retry-After). A staff member with ' +
      'two-factor sign-in on (or required) gets a challenge instead of a session: the second step follows with it.',
    tag,
    access: 'public',
    body: loginInput,
    bodyExample: { email: exampleEmail, password: 'correct-horse-battery' },
    responses: { 200: envelope(z.union([sessionView, twoFactorChallenge])) },
    errors: [401, 403, 429],
  }),
  register: endpoint({
    operationId: 'register',
    method: 'POST',
    path: '/auth/register',
    summary: 'Create a customer account and sign in',
    tag,
    access: 'public',
    body: registerInput,
    bodyExample: { email: exampleEmail, password: 'correct-horse-battery', firstName: 'Alex', lastName: 'Morgan' },
    responses: { 201: envelope(sessionView) },
    errors: [409],
  }),
  refresh: endpoint({
    operationId: 'refreshTokens',
    method: 'POST',
    path: '/auth/refresh',
    summary: 'Trade a refresh token for a new token pair (the old refresh token is spent)',
    tag,
    access: 'public',
    body: refreshInput,
    bodyExample: { refreshToken: exampleToken },
    responses: { 200: envelope(z.object({ tokens: authTokens })) },
    errors: [401],
  }),
  logout: endpoint({
    operationId: 'logout',
    method: 'POST',
    path: '/auth/logout',
    summary: 'Sign out: revoke the given refresh token, or every session of the user without one',
    tag,
    access: 'authenticated',
    body: logoutInput,
    bodyExample: { refreshToken: exampleToken },
    responses: { 200: messageEnvelope },
  }),
  verify: endpoint({
    operationId: 'getCurrentUser',
    method: 'GET',
    path: '/auth/verify',
    summary: 'The signed-in user (checks the access token)',
    tag,
    access: 'authenticated',
    responses: { 200: envelope(z.object({ user: publicUser })) },
  }),
  forgotPassword: endpoint({
    operationId: 'requestPasswordReset',
    method: 'POST',
    path: '/auth/forgot-password',
    summary: 'Mail a password reset link (the same answer whether or not the account exists)',
    tag,
    access: 'public',
    body: forgotPasswordInput,
    bodyExample: { email: exampleEmail },
    responses: { 200: messageEnvelope },
  }),
  resetPassword: endpoint({
    operationId: 'resetPassword',
    method: 'POST',
    path: '/auth/reset-password',
    summary: 'Choose a new password with the token from the reset link',
    tag,
    access: 'public',
    body: resetPasswordInput,
    bodyExample: { token: exampleToken, password: 'new-correct-horse' },
    responses: { 200: messageEnvelope },
  }),
  verifyEmail: endpoint({
    operationId: 'verifyEmail',
    method: 'POST',
    path: '/auth/verify-email',
    summary: 'Confirm the e-mail address with the token from the verification link',
    tag,
    access: 'public',
    body: verifyEmailInput,
    bodyExample: { token: exampleToken },
    responses: { 200: messageEnvelope },
  }),
  resendVerification: endpoint({
    operationId: 'resendVerificationEmail',
    method: 'POST',
    path: '/auth/resend-verification',
    summary: 'Mail a new verification link (the same answer whether or not the account needs one)',
    tag,
    access: 'public',
    body: resendVerificationInput,
    bodyExample: { email: exampleEmail },
    responses: { 200: messageEnvelope },
  }),
};
