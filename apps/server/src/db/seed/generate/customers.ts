import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client.js';
import { addressParts, firstName, idOf, lastName, phone, type Run, rnd } from './sql.js';

/** Days over which the customers registered: customer 1 is the oldest, the last one registered just before "now". */
export const CUSTOMER_HISTORY_DAYS = 730;

/** Customer n's e-mail (SQL expression): unique per seed through the number and the seed's subdomain. */
export const customerEmail = (run: Run, n: string) =>
  `lower(${firstName(run, n)} || '.' || ${lastName(run, n)} || '.' || (${n})::text || '@${run.label}.example.com')`;

/**
 * Customers first..last and their addresses (every customer a default home address, every fourth also a work one).
 * They share one password hash of a random password: they exist for lists and figures, nobody signs in as them.
 */
export async function insertCustomers(db: DbOrTx, run: Run, passwordHash: string, first: number, last: number) {
  const registered = `${run.now} - (${CUSTOMER_HISTORY_DAYS} * (1 - (n - 1)::float8 / ${run.customers})
    + ${rnd(run, 'n', 26)}) * interval '1 day'`;
  await db.execute(sql`INSERT INTO users (id, email, password_hash, first_name, last_name, phone, role, is_active,
      email_verified, last_login, created_at, updated_at)
    SELECT ${sql.raw(idOf(run, 'customer', 'n'))}, ${sql.raw(customerEmail(run, 'n'))}, ${passwordHash},
      ${sql.raw(firstName(run, 'n'))}, ${sql.raw(lastName(run, 'n'))}, ${sql.raw(phone(run, 'n'))}, 'customer',
      ${sql.raw(rnd(run, 'n', 27))} >= 0.02, ${sql.raw(rnd(run, 'n', 28))} < 0.8,
      CASE WHEN ${sql.raw(rnd(run, 'n', 29))} < 0.6
        THEN greatest(c.registered, ${sql.raw(run.now)} - ${sql.raw(rnd(run, 'n', 30))} * interval '60 days') END,
      c.registered, c.registered
    FROM generate_series(${first}::int, ${last}::int) n
    CROSS JOIN LATERAL (SELECT ${sql.raw(registered)} AS registered) c`);
  const [street, city, state, zip] = addressParts(run, 'n');
  const [workStreet, workCity, workState, workZip] = addressParts(run, 'n', 10);
  await db.execute(
    sql.raw(`INSERT INTO addresses (id, user_id, label, first_name, last_name, street, city, state, zip_code, country,
        phone, is_default, created_at, updated_at)
      SELECT ${idOf(run, 'address', 'n * 2 + w')}, u.id, CASE WHEN w = 0 THEN 'Home' ELSE 'Work' END, u.first_name,
        u.last_name, CASE WHEN w = 0 THEN ${street} ELSE ${workStreet} END,
        CASE WHEN w = 0 THEN ${city} ELSE ${workCity} END, CASE WHEN w = 0 THEN ${state} ELSE ${workState} END,
        CASE WHEN w = 0 THEN ${zip} ELSE ${workZip} END, 'US', u.phone, w = 0, u.created_at, u.created_at
      FROM generate_series(${first}, ${last}) n
      JOIN users u ON u.id = ${idOf(run, 'customer', 'n')}
      CROSS JOIN generate_series(0, 1) w
      WHERE w = 0 OR n % 4 = 0`),
  );
}
