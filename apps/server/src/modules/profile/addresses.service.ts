import { MAX_SAVED_ADDRESSES, type SavedAddress, type SavedAddressInput } from '@seamline/shared';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { addresses, users } from '../../db/schema/index.js';
import { type AuditContext, changedFields, writeActivity } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import { locksOf } from '../../lib/locked-transaction.js';
import { toSavedAddress } from './address-view.js';

const NOT_FOUND = 'Address not found';
type AddressRow = typeof addresses.$inferSelect;

/**
 * The customer's address book. At most one default per customer: the first saved address becomes the default,
 * choosing another default clears the old one, and deleting the default promotes the most recent remaining one.
 * Every change locks the customer's row first, so concurrent changes of one address book run one after another.
 * Addresses of other customers are simply not found (404), never "forbidden".
 */
export class AddressesService {
  constructor(private readonly db: Db) {}

  async list(userId: string): Promise<SavedAddress[]> {
    const rows = await this.db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.isDefault), asc(addresses.createdAt), asc(addresses.id));
    return rows.map(toSavedAddress);
  }

  async create(userId: string, input: SavedAddressInput, ctx: AuditContext): Promise<SavedAddress> {
    return this.db.transaction(async (tx) => {
      await lockAddressBook(tx, userId);
      const [existing] = await tx.select({ value: count() }).from(addresses).where(eq(addresses.userId, userId));
      const total = existing?.value ?? 0;
      if (total >= MAX_SAVED_ADDRESSES) {
        throw conflict(`You can save at most ${MAX_SAVED_ADDRESSES} addresses.`, 'ADDRESS_LIMIT');
      }
      const isDefault = total === 0 || input.isDefault === true;
      if (isDefault) await clearDefault(tx, userId);
      const [row] = await tx
        .insert(addresses)
        .values({ ...fields(input), userId, isDefault })
        .returning();
      await writeActivity(tx, ctx, { action: 'create', resource: 'address', resourceId: row!.id });
      return toSavedAddress(row!);
    });
  }

  async update(userId: string, id: string, input: SavedAddressInput, ctx: AuditContext): Promise<SavedAddress> {
    return this.db.transaction(async (tx) => {
      await lockAddressBook(tx, userId);
      const before = await findOwn(tx, userId, id);
      const next = { ...fields(input), isDefault: input.isDefault ?? before.isDefault };
      if (next.isDefault && !before.isDefault) await clearDefault(tx, userId, id);
      const changes = changedFields(before, next);
      if (Object.keys(changes).length === 0) return toSavedAddress(before);
      const [row] = await tx.update(addresses).set(next).where(eq(addresses.id, id)).returning();
      await writeActivity(tx, ctx, { action: 'update', resource: 'address', resourceId: id, details: { changes } });
      return toSavedAddress(row!);
    });
  }

  async remove(userId: string, id: string, ctx: AuditContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockAddressBook(tx, userId);
      const row = await findOwn(tx, userId, id);
      await tx.delete(addresses).where(eq(addresses.id, id));
      if (row.isDefault) {
        const [latest] = await tx
          .select({ id: addresses.id })
          .from(addresses)
          .where(eq(addresses.userId, userId))
          .orderBy(desc(addresses.createdAt), desc(addresses.id))
          .limit(1);
        if (latest) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, latest.id));
      }
      await writeActivity(tx, ctx, { action: 'delete', resource: 'address', resourceId: id });
    });
  }
}

async function lockAddressBook(tx: Tx, userId: string) {
  await locksOf(tx).step('customer', () =>
    tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update'),
  );
}

async function findOwn(tx: Tx, userId: string, id: string): Promise<AddressRow> {
  const [row] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

async function clearDefault(tx: Tx, userId: string, exceptId?: string) {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(
      and(
        eq(addresses.userId, userId),
        eq(addresses.isDefault, true),
        exceptId ? ne(addresses.id, exceptId) : undefined,
      ),
    );
}

function fields(input: SavedAddressInput) {
  return {
    label: input.label ? input.label : null,
    firstName: input.firstName,
    lastName: input.lastName,
    street: input.street,
    city: input.city,
    state: input.state,
    zipCode: input.zipCode,
    country: input.country,
    phone: input.phone,
  };
}
