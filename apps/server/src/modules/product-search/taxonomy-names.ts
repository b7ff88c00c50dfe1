import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';
import { brands, categories } from '../../db/schema/index.js';

/**
 * How long an instance searches its own copy of the category and brand names before reading them again: a name
 * another instance changed is found within this time (this instance's own changes at once, see `forgetTaxonomyNames`).
 */
export const TAXONOMY_NAMES_TTL_MS = 2_000;

/** A category or brand: its id and its name as PostgreSQL lower-cases it. */
type Named = { id: string; name: string };
type Copy = { categories: Named[]; brands: Named[]; readAt: number; generation: number };

/** Per database (the primary, a replica, a transaction): its copy, or the read of it on its way. */
const copies = new WeakMap<DbOrTx, Promise<Copy>>();
/** Bumped when a category or brand is added or renamed on this instance: a copy read before it is read again. */
let generation = 0;

/** A category or brand was added or renamed here: the next search reads the names again. */
export function forgetTaxonomyNames(): void {
  generation += 1;
}

async function readCopy(db: DbOrTx): Promise<Copy> {
  const startedAt = { readAt: Date.now(), generation };
  const rows = await queryRows<Named & { kind: 'category' | 'brand' }>(
    db,
    sql`SELECT 'category' AS kind, id, lower(name) AS name FROM ${categories}
      UNION ALL SELECT 'brand', id, lower(name) FROM ${brands}`,
  );
  const of = (kind: string) => rows.filter((row) => row.kind === kind).map(({ id, name }) => ({ id, name }));
  return { categories: of('category'), brands: of('brand'), ...startedAt };
}

function startReading(db: DbOrTx): Promise<Copy> {
  const reading = readCopy(db);
  copies.set(db, reading);
  // A failed read is not kept: the next search tries again.
  reading.catch(() => {
    if (copies.get(db) === reading) copies.delete(db);
  });
  return reading;
}

const isFresh = (copy: Copy) => copy.generation === generation && Date.now() - copy.readAt < TAXONOMY_NAMES_TTL_MS;

/** The database's copy of the names, read again when stale; searches arriving meanwhile share one read. */
async function freshCopy(db: DbOrTx): Promise<Copy> {
  const kept = copies.get(db);
  if (kept) {
    const copy = await kept;
    if (isFresh(copy)) return copy;
  }
  const current = copies.get(db);
  // Another search already started the next read.
  if (current && current !== kept) return current;
  return startReading(db);
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
  const copy = await freshCopy(db);
  const needle = lowerEachCharacter(search);
  const matching = (names: Named[]) => names.filter((named) => named.name.includes(needle)).map((named) => named.id);
  return { categories: matching(copy.categories), brands: matching(copy.brands) };
}
