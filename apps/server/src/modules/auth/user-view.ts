import type { PublicUser } from '@seamline/shared';
import type { users } from '../../db/schema/index.js';
import { iso } from '../../lib/serialize.js';

type UserRow = typeof users.$inferSelect;

/** The user as the API shows it: never the password hash or token bookkeeping. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    _id: row.id,
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    role: row.role,
    isActive: row.isActive,
    emailVerified: row.emailVerified,
    lastLogin: iso(row.lastLogin),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
