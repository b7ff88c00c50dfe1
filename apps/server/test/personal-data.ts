import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { queryRows } from '../src/db/client.js';
import { containsPattern } from '../src/lib/search.js';

/**
 * Every table of the database (any schema but PostgreSQL's own) with the terms found anywhere in its rows: each row
 * is read whole as text (`t::text`: every column, JSON and arrays included), so no column can be overlooked.
 * Answers { "public.orders": ["main st"] } for what was found; an empty object when nothing was.
 */
export async function tablesMentioning(db: Db, terms: readonly string[]): Promise<Record<string, string[]>> {
  const tables = await queryRows<{ schema: string; name: string }>(
    db,
    sql`SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
        ORDER BY 1, 2`,
  );
  const found: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await queryRows<{ row: string }>(
      db,
      sql`SELECT t::text AS row FROM ${sql.identifier(table.schema)}.${sql.identifier(table.name)} t
          WHERE t::text ILIKE ANY(${sql.param(terms.map(containsPattern))}::text[])`,
    );
    const text = rows.map((r) => r.row.toLowerCase()).join('\n');
    const hits = terms.filter((term) => text.includes(term.toLowerCase()));
    if (hits.length) found[`${table.schema}.${table.name}`] = hits;
  }
  return found;
}
