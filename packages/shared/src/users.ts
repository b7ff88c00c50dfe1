import { z } from 'zod';
import { pageQuery, paginationView, sortOrder } from './api.js';
import { emailSchema, passwordSchema, personNameSchema, publicUser } from './auth.js';
import { CREATABLE_STAFF_ROLES, PAGE_SIZES, STAFF_ROLES } from './constants.js';

export const CREATE_ROLE_MESSAGE = 'Only moderator and support roles can be created for security reasons.';
export const ASSIGN_ROLE_MESSAGE =
  'Only moderator and support roles can be assigned. The admin role cannot be assigned.';
export const PHONE_HINT = 'Digits only, without a leading 0 (e.g. 5551234567)';
export const PHONE_MESSAGE = 'Please enter a valid phone number: 7 to 15 digits, without a leading 0';
export const ADMIN_PROTECTED_MESSAGE = 'Admin accounts are protected and cannot be modified or deactivated';

/**
 * Optional phone, "format without a leading 0": an optional +, then 7–15 digits whose first is not 0.
 * Spaces, dashes, dots and brackets are tolerated and removed; an empty field means no phone.
 */
export const phoneSchema = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .max(30, PHONE_MESSAGE)
  .transform((v) => v.replace(/[\s\-().]/g, ''))
  .refine((v) => v === '' || /^\+?[1-9]\d{6,14}$/.test(v), PHONE_MESSAGE)
  .transform((v) => (v === '' ? undefined : v));

export const createUserInput = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: personNameSchema('First name'),
  lastName: personNameSchema('Last name'),
  phone: phoneSchema.optional(),
  role: z.enum(CREATABLE_STAFF_ROLES, { error: CREATE_ROLE_MESSAGE }).default('support'),
});
export type CreateUserInput = z.input<typeof createUserInput>;
export type CreateUserData = z.output<typeof createUserInput>;

export const updateUserStatusInput = z
  .object({
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
    role: z.enum(CREATABLE_STAFF_ROLES, { error: ASSIGN_ROLE_MESSAGE }).optional(),
  })
  .refine((v) => v.isActive !== undefined || v.role !== undefined, 'Provide isActive, role or both');
export type UpdateUserStatusInput = z.infer<typeof updateUserStatusInput>;

/** `staff` (the default) means admin + moderator + support; customers are managed elsewhere. */
export const USER_ROLE_FILTERS = ['staff', ...STAFF_ROLES] as const;
export type UserRoleFilter = (typeof USER_ROLE_FILTERS)[number];
export const USER_SORT_FIELDS = ['createdAt', 'firstName', 'lastName', 'email', 'lastLogin'] as const;
export const SEARCH_MAX = 100;

export const listUsersQuery = pageQuery(PAGE_SIZES.users).extend({
  search: z.string().trim().max(SEARCH_MAX, `Search must be at most ${SEARCH_MAX} characters`).optional(),
  role: z.enum(USER_ROLE_FILTERS, { error: 'Role must be one of staff, admin, moderator, support' }).default('staff'),
  status: z.enum(['active', 'inactive'], { error: 'Status must be active or inactive' }).optional(),
  sortBy: z
    .enum(USER_SORT_FIELDS, { error: `sortBy must be one of ${USER_SORT_FIELDS.join(', ')}` })
    .default('createdAt'),
  sortOrder,
});
export type ListUsersQuery = z.input<typeof listUsersQuery>;

export const userListData = z.object({ users: z.array(publicUser), pagination: paginationView });
export type UserListData = z.infer<typeof userListData>;
