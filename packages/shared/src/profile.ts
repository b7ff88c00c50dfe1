import { z } from 'zod';
import { passwordSchema, personNameSchema, publicUser } from './auth.js';
import { COLORS, PASSWORD_MAX, SIZES } from './constants.js';
import { customerPhoneSchema } from './customers.js';

/** Currencies a customer may choose for display; prices are charged in USD (spec: currency USD en-US). */
export const DISPLAY_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD'] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];

export const customerPreferences = z.object({
  newsletter: z.boolean(),
  preferredSizes: z.array(z.enum(SIZES)),
  preferredColors: z.array(z.enum(COLORS)),
  currency: z.enum(DISPLAY_CURRENCIES),
});
export type CustomerPreferences = z.infer<typeof customerPreferences>;

export const DEFAULT_PREFERENCES: CustomerPreferences = {
  newsletter: false,
  preferredSizes: [],
  preferredColors: [],
  currency: 'USD',
};

/** Stored preferences may be partial or stale: each missing or unknown value falls back to its default. */
export function readPreferences(stored: unknown): CustomerPreferences {
  const source = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const result: Record<string, unknown> = { ...DEFAULT_PREFERENCES };
  for (const key of Object.keys(DEFAULT_PREFERENCES) as (keyof CustomerPreferences)[]) {
    const parsed = customerPreferences.shape[key].safeParse(source[key]);
    if (parsed.success) result[key] = parsed.data;
  }
  return result as CustomerPreferences;
}

const unique = <T>(values: T[]) => [...new Set(values)];

/** PUT /users/preferences: any subset; the given keys replace the stored ones. */
export const preferencesInput = z.strictObject({
  newsletter: z.boolean({ error: 'Newsletter must be true or false' }).optional(),
  preferredSizes: z
    .array(z.enum(SIZES, { error: `Sizes must be among ${SIZES.join(', ')}` }))
    .max(SIZES.length)
    .transform(unique)
    .optional(),
  preferredColors: z
    .array(z.enum(COLORS, { error: 'Unknown color' }))
    .max(COLORS.length)
    .transform(unique)
    .optional(),
  currency: z
    .enum(DISPLAY_CURRENCIES, { error: `Currency must be one of ${DISPLAY_CURRENCIES.join(', ')}` })
    .optional(),
});
export type PreferencesInput = z.input<typeof preferencesInput>;

/** PUT /users/profile: the customer's own name and phone; nothing else (never role, status or e-mail flags). */
export const profileUpdateInput = z.strictObject({
  firstName: personNameSchema('First name'),
  lastName: personNameSchema('Last name'),
  phone: customerPhoneSchema,
});
export type ProfileUpdateInput = z.input<typeof profileUpdateInput>;

export const profileUser = publicUser.extend({ preferences: customerPreferences });
export type ProfileUser = z.infer<typeof profileUser>;

const currentPasswordSchema = z
  .string({ error: 'Current password is required' })
  .min(1, 'Current password is required')
  .max(PASSWORD_MAX * 8);

export const changePasswordInput = z
  .strictObject({
    currentPassword: currentPasswordSchema,
    newPassword: passwordSchema,
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    message: 'New password must be different from the current password',
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const deleteAccountInput = z.strictObject({
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX * 8),
});
