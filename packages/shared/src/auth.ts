import { z } from 'zod';
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  PERSON_NAME_MIN,
  REFRESH_COOKIE,
  ROLES,
  SESSION_CLIENT_HEADER,
  SESSION_CLIENTS,
} from './constants.js';

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'))
  .transform((v) => v.toLowerCase());

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters long`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters long`);

export function personNameSchema(label: 'First name' | 'Last name') {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .min(PERSON_NAME_MIN, `${label} must be at least ${PERSON_NAME_MIN} characters long`)
    .max(100, `${label} must be at most 100 characters long`);
}

export const loginInput = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX * 8),
});
export type LoginInput = z.infer<typeof loginInput>;

/** Registration: missing first name comes from the e-mail's part before @, missing last name is ''. */
export const registerInput = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    firstName: z.string().trim().max(100).optional(),
    lastName: z.string().trim().max(100).optional(),
  })
  .transform((v) => ({
    ...v,
    firstName: v.firstName || v.email.split('@')[0] || v.email,
    lastName: v.lastName ?? '',
  }));
export type RegisterInput = z.input<typeof registerInput>;

/**
 * The `X-Seamline-Client` header of the calls that start, renew or end a session: which client asks, and so where the
 * refresh token travels (an HttpOnly cookie for the browser apps, the JSON body for `api`).
 */
export const sessionClientHeaders = z.object({
  [SESSION_CLIENT_HEADER]: z
    .enum(SESSION_CLIENTS)
    .optional()
    .describe(
      '`back-office` or `shop` (the browser apps): the refresh token is set as an HttpOnly, Secure, SameSite=Strict ' +
        `cookie with Path=${REFRESH_COOKIE.path} and never appears in an answer. \`api\` (native and server-side ` +
        'clients, opt-in): the refresh token is in the answer and goes back in the body. Without the header a sign-in ' +
        'answers the access token only. Required on refresh and logout (403 without it): a cross-site form cannot ' +
        'send it.',
    ),
});

/**
 * A refresh: browser apps send nothing (the cookie carries the token) or, once, a token kept from before the cookie;
 * `api` clients send the token they were given. The body may be absent.
 */
export const refreshInput = z.object({ refreshToken: z.string().min(1).max(512).optional() }).nullish();
/**
 * Sign-out: the session of the refresh token (the cookie's, or the body's for `api`) ends; with neither, a signed-in
 * caller's every session ends. The body may be absent.
 */
export const logoutInput = z.object({ refreshToken: z.string().max(512).optional() }).nullish();
export const forgotPasswordInput = z.object({ email: emailSchema });
export const resetPasswordInput = z.object({
  token: z.string({ error: 'Token is required' }).min(1, 'Token is required').max(512),
  password: passwordSchema,
});
export const verifyEmailInput = z.object({
  token: z.string({ error: 'Token is required' }).min(1, 'Token is required').max(512),
});
export const resendVerificationInput = z.object({ email: emailSchema });

/** The user object every API answer carries (never a password hash). */
export const publicUser = z.object({
  _id: z.string(),
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  emailVerified: z.boolean(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUser>;

/** A new access token; the refresh token is only in the answer for `X-Seamline-Client: api` (else in the cookie). */
export const authTokens = z.object({
  accessToken: z.string(),
  refreshToken: z
    .string()
    .optional()
    .describe('Only for `X-Seamline-Client: api`; the browser apps get it in an HttpOnly cookie instead.'),
});
export type AuthTokens = z.infer<typeof authTokens>;

/**
 * A new session: the user and the access token; the refresh token is in the answer only for `api` clients (the
 * browser apps get it as an HttpOnly cookie), see `sessionClientHeaders`.
 */
export const sessionView = z.object({ user: publicUser, tokens: authTokens });
export type SessionView = z.infer<typeof sessionView>;
