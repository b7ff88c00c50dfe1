import { z } from 'zod';
import { PASSWORD_MAX, type Role, STAFF_ROLES, type StaffRole } from './constants.js';

/** Staff account security (sessions, two-factor sign-in): the rules server and web share. */
export const TWO_FACTOR = {
  issuer: 'Seamline',
  digits: 6,
  periodSeconds: 30,
  /** Codes one step either side of now are accepted (clock drift of an authenticator app). */
  window: 1,
  recoveryCodeCount: 10,
  /** How long the sign-in's second step may follow the first (the challenge token's life). */
  challengeTtlMs: 5 * 60 * 1000,
} as const;

export const isStaffRole = (role: Role): role is StaffRole => (STAFF_ROLES as readonly Role[]).includes(role);

export const REQUIRE_TWO_FACTOR_SETTING = 'requireTwoFactorForStaff';

export const SECURITY_MESSAGES = {
  invalidCode: 'Invalid verification code',
  challengeExpired: 'Your sign-in took too long. Please sign in again.',
  setupFirst: 'Start two-factor setup first',
  alreadyEnabled: 'Two-factor sign-in is already on',
  notEnabled: 'Two-factor sign-in is not on',
  staffOnly: 'Two-factor sign-in is for staff accounts',
  sessionNotFound: 'Session not found',
} as const;

const currentPassword = z
  .string({ error: 'Current password is required' })
  .min(1, 'Current password is required')
  .max(PASSWORD_MAX * 8);

/** A TOTP code (6 digits, spaces tolerated) or a recovery code (xxxxx-xxxxx, dash optional). */
export const verificationCodeSchema = z
  .string({ error: 'Verification code is required' })
  .trim()
  .min(1, 'Verification code is required')
  .max(32, SECURITY_MESSAGES.invalidCode)
  .transform((v) => v.replace(/\s+/g, '').toLowerCase());

const tokenSchema = z.string({ error: 'Token is required' }).min(1, 'Token is required').max(512);

// ---- sessions ----
export const sessionInfo = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;
export const sessionListData = z.object({ sessions: z.array(sessionInfo) });

// ---- two-factor ----
export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** The admin requires two-factor sign-in for every staff member. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;
export const twoFactorSetup = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code image (data: URL). */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;
export const recoveryCodesData = z.object({ recoveryCodes: z.array(z.string()) });

export const enableTwoFactorInput = z.strictObject({ code: verificationCodeSchema });
export const disableTwoFactorInput = z.strictObject({ currentPassword });
/** New recovery codes replace the old ones; the current password is asked, as for turning two-factor off. */
export const regenerateRecoveryCodesInput = disableTwoFactorInput;
/** The second step of a sign-in, or the forced setup: bound to the first step by its challenge token. */
export const challengeInput = z.strictObject({ challengeToken: tokenSchema });
export const twoFactorLoginInput = z.strictObject({ challengeToken: tokenSchema, code: verificationCodeSchema });

/** What a correct password answers when a second step is due: a code, or (required but not set up) a setup. */
export const twoFactorChallenge = z.object({
  twoFactor: z.object({
    step: z.enum(['verify', 'setup']),
    challengeToken: z.string(),
    expiresAt: z.string(),
  }),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallenge>;

export const securitySettings = z.object({ requireTwoFactorForStaff: z.boolean() });
export type SecuritySettings = z.infer<typeof securitySettings>;
export const securitySettingsInput = z.strictObject({
  requireTwoFactorForStaff: z.boolean({ error: 'requireTwoFactorForStaff must be true or false' }),
});
