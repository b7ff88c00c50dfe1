import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, PERSON_NAME_MIN, ROLES } from './constants.js';

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

export const refreshInput = z.object({
  refreshToken: z.string({ error: 'Refresh token is required' }).min(1).max(512),
});
/** Sign-out: the refresh token to revoke (without one, every session of the user ends). The body may be absent. */
export const logoutInput = z.object({ refreshToken: z.string().max(512).optional() }).optional();
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

export const authTokens = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type AuthTokens = z.infer<typeof authTokens>;
