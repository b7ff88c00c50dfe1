import type { SavedAddress } from '@seamline/shared';
import type { addresses } from '../../db/schema/index.js';

/** A saved address as the API shows it (never the owner id). */
export function toSavedAddress(row: typeof addresses.$inferSelect): SavedAddress {
  return {
    _id: row.id,
    id: row.id,
    label: row.label,
    firstName: row.firstName,
    lastName: row.lastName,
    street: row.street,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    country: row.country,
    phone: row.phone,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
