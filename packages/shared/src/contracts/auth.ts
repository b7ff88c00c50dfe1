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
  sessionClientHeaders,
  sessionView,
  verifyEmailInput,
} from '../auth.js';
import { endpoint } from '../contract.js';
import { envelope, messageEnvelope } from '../envelopes.js';
import { twoFactorChallenge } from '../staff-security.js';

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
      'Answers the user and an access token (a JWT valid 15 minutes). The refresh token (opaque, rotated on every ' +
      'use, its session lives 7 days from sign-in) goes into an HttpOnly cookie for `X-Seamline-Client: back-office` ' +
      'or `shop`, into the answer for `api`, and nowhere without the header. 401 "Invalid email or password"; 403 ' +
      '"Your account has been deactivated. Please contact support."; after 5 failures in 15 minutes per account and ' +
      'per address 429 "Too many failed sign-in attempts. Please try again later." with Retry-After. A staff member ' +
      'with two-factor sign-in on (or required) gets a challenge instead of a session: the second step follows with it.',
    tag,
    access: 'public',
    headers: sessionClientHeaders,
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
    description:
      'Always a customer account. Mails an e-mail verification link (valid 24 hours, single use) and answers 201 ' +
      'with a session, delivered as for sign-in. 409 "An account with this email already exists", whatever the ' +
      "existing account's role or state.",
    tag,
    access: 'public',
    headers: sessionClientHeaders,
    body: registerInput,
    bodyExample: { email: exampleEmail, password: 'correct-horse-battery', firstName: 'Alex', lastName: 'Morgan' },
    responses: { 201: envelope(sessionView) },
    errors: [409],
  }),
  refresh: endpoint({
    operationId: 'refreshTokens',
    method: 'POST',
    path: '/auth/refresh',
    summary: 'Trade the refresh token for a new access token and a new refresh token (the old one is spent)',
    description:
      'The browser apps send no body: the refresh cookie of the app named in X-Seamline-Client is read and replaced ' +
      '(a token kept in localStorage before the cookie existed may be sent once in the body; it is moved into the ' +
      'cookie). `api` clients send their refresh token in the body and get the next one in the answer. The header is ' +
      'required and a cross-site caller (Origin of another site, Sec-Fetch-Site other than same-origin) is refused ' +
      'with 403, nothing rotated. A refused token answers 401 and clears the cookie.',
    tag,
    access: 'public',
    headers: sessionClientHeaders,
    body: refreshInput,
    bodyExample: { refreshToken: exampleToken },
    responses: { 200: envelope(z.object({ tokens: authTokens })) },
    errors: [401, 403],
  }),
  logout: endpoint({
    operationId: 'logout',
    method: 'POST',
    path: '/auth/logout',
    summary: "Sign out: end the refresh token's session (the cookie's or the body's) and clear the cookie",
    description:
      'Needs no access token: the refresh cookie of the app named in X-Seamline-Client (or, for `api`, the token in ' +
      'the body) is the credential. Without either, a signed-in caller (bearer token) ends every one of their ' +
      'sessions. The header is required and cross-site callers are refused (403), as for refresh.',
    tag,
    access: 'public',
    headers: sessionClientHeaders,
    body: logoutInput,
    bodyExample: { refreshToken: exampleToken },
    responses: { 200: messageEnvelope },
    errors: [403],
  }),
  verify: endpoint({
    operationId: 'getCurrentUser',
    method: 'GET',
    path: '/auth/verify',
    summary: 'The signed-in user (checks the access token)',
    description:
      'Answers the user of the access token; the back office calls it after restoring a stored session. 401 when ' +
      'the token is missing, expired or its session was ended.',
    tag,
    access: 'authenticated',
    responses: { 200: envelope(z.object({ user: publicUser })) },
  }),
  forgotPassword: endpoint({
    operationId: 'requestPasswordReset',
    method: 'POST',
    path: '/auth/forgot-password',
    summary: 'Mail a password reset link (the same answer whether or not the account exists)',
    description:
      'The link (valid 1 hour, single use) replaces earlier ones and goes through the mail outbox. Nothing is sent ' +
      'for unknown or deactivated accounts, or after 3 links in the last hour; the answer never tells which.',
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
    description: 'The token is spent and every session of the user ends. 400 "Invalid or expired reset token".',
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
    description: 'The token is spent. 400 "Invalid or expired verification token".',
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
    description:
      'Only unverified active accounts get a link (valid 24 hours), at most 3 in an hour; the answer never tells ' +
      'whether one was sent.',
    tag,
    access: 'public',
    body: resendVerificationInput,
    bodyExample: { email: exampleEmail },
    responses: { 200: messageEnvelope },
  }),
};
