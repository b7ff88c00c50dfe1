import { sql } from 'drizzle-orm';
import { type AnyPgColumn, char, check, numeric, timestamp } from 'drizzle-orm/pg-core';
import { newId } from '../../lib/ids.js';

/** 24-hex primary key (ObjectId-shaped, docs/domain.md § API), generated in the application. */
export const idColumn = () => char('id', { length: 24 }).primaryKey().$defaultFn(newId);
export const refId = (name: string) => char(name, { length: 24 });

/** Money is exact to the cent: numeric(12,2), read as a JS number (never summed in JS floats on totals). */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A CHECK constraint holding a text column to one of its enum's values (the list from packages/shared, written once).
 * The values are inlined as SQL literals: a constraint cannot take parameters.
 */
export function oneOf(name: string, column: AnyPgColumn, values: readonly string[]) {
  const literals = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return check(name, sql`${column} IN (${sql.raw(literals)})`);
}
