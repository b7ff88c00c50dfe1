import { inArray, or, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, preparedStatement } from '../../db/client.js';
import { brands, categories, products } from '../../db/schema/index.js';
import { containsPattern, lowerTextContains } from '../../lib/search.js';

/**
 * The categories and brands whose name contains the pattern: a prepared statement, as a handful of rows are read by
 * a scan whatever the pattern (no index serves a contains-match on these names), so one plan serves every search.
 */
const namedLike = preparedStatement<{ categories: string[]; brands: string[] }, { pattern: string }>(
  () => sql`SELECT ARRAY(SELECT id FROM ${categories} WHERE name ILIKE ${sql.placeholder('pattern')}) AS categories,
    ARRAY(SELECT id FROM ${brands} WHERE name ILIKE ${sql.placeholder('pattern')}) AS brands`,
);

/**
 * The product search (name, SKU, subcategory, tags, category, brand; plain text, case-insensitive) as a condition on
 * `products` alone. The row's own text (its stored, lower-cased `search_text`) goes through the trigram index, matched
 * with LIKE on the pattern lower-cased by PostgreSQL: ILIKE lower-cases both sides itself, so the matches are the
 * same, at a fifth of the cost a row. The few categories and brands whose name matches are looked up first and matched
 * by id, so the planner sees real ids (an OR over a subquery would make it guess and scan the whole table).
 */
export async function productSearch(db: DbOrTx, search: string): Promise<SQL> {
  const [named] = await namedLike(db, { pattern: containsPattern(search) });
  const branches = [lowerTextContains(products.searchText, search)];
  if (named?.categories.length) branches.push(inArray(products.categoryId, named.categories));
  if (named?.brands.length) branches.push(inArray(products.brandId, named.brands));
  return or(...branches) as SQL;
}
