import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';
import { brands, categories } from '../../db/schema/index.js';
import { keptPerDatabase } from '../../lib/kept-per-database.js';

/**
 * How long an instance searches its own copy of the category and brand names before reading them again: a name
 * another instance changed is found within this time (this instance's own changes at once, see `forgetTaxonomyNames`).
 */
export const TAXONOMY_NAMES_TTL_MS = 2_000;

/** A category or brand: its id and its name as PostgreSQL lower-cases it. */
type Named = { id: string; name: string };

/** This instance's copy of the names, per database. */
const names = keptPerDatabase(async (db) => {
  const rows = await queryRows<Named & { kind: 'category' | 'brand' }>(
    db,
    sql`SELECT 'category' AS kind, id, lower(name) AS name FROM ${categories}
      UNION ALL SELECT 'brand', id, lower(name) FROM ${brands}`,
  );
  const of = (kind: string) => rows.filter((row) => row.kind === kind).map(({ id, name }) => ({ id, name }));
  return { categories: of('category'), brands: of('brand') };
}, TAXONOMY_NAMES_TTL_MS);

/** A category or brand was added or renamed here: the next search reads the names again. */
export function forgetTaxonomyNames(): void {
  names.forget();
}

/**
 * Lower-cased code point by code point (Unicode's simple mapping, as PostgreSQL's `lower` does in a UTF-8 database),
 * never as a whole string: JavaScript's whole-string rule turns a final Σ into ς and İ into two characters.
 */
function lowerEachCharacter(text: string): string {
  return Array.from(text, (character) => (character === '\u0130' ? 'i' : character.toLowerCase())).join('');
}

/**
 * The ids of the categories and brands whose name contains `search`, case-insensitively (what `name ILIKE
 * '%search%'` matches), from this instance's copy of the names: a search then costs no round trip of its own for them
 * (a fifth of a small store's search request). The copy is read again once older than `TAXONOMY_NAMES_TTL_MS`.
 */
export async function namesContaining(db: DbOrTx, search: string): Promise<{ categories: string[]; brands: string[] }> {
  const copy = await names.get(db);
  const needle = lowerEachCharacter(search);
  const matching = (known: Named[]) => known.filter((named) => named.name.includes(needle)).map((named) => named.id);
  return { categories: matching(copy.categories), brands: matching(copy.brands) };
}
