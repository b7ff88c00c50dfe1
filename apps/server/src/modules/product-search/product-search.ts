import { inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import { lowerTextContains } from '../../lib/search.js';
import { namesContaining } from './taxonomy-names.js';

/**
 * The product search (name, SKU, subcategory, tags, category, brand; plain text, case-insensitive) as a condition on
 * `products` alone. The row's own text (its stored, lower-cased `search_text`) goes through the trigram index, matched
 * with LIKE on the pattern lower-cased by PostgreSQL: ILIKE lower-cases both sides itself, so the matches are the
 * same, at a fifth of the cost a row. The few categories and brands whose name matches are found first (in this
 * instance's copy of their names, taxonomy-names.ts) and matched by id, so the planner sees real ids (an OR over a
 * subquery would make it guess and scan the whole table).
 *
 * `offIndex`: the same matches, with the row's text out of the trigram index's reach (`search_text || ''`), for a
 * statement prepared once that must walk a sort order's index whatever the pattern (a kept plan made for an unknown
 * pattern would read every match through the trigram index, tens of thousands for a common word).
 */
export async function productSearch(db: DbOrTx, search: string, { offIndex = false } = {}): Promise<SQL> {
  const named = await namesContaining(db, search);
  const text = offIndex ? sql`(${products.searchText} || '')` : products.searchText;
  const branches = [lowerTextContains(text, search)];
  if (named.categories.length) branches.push(inArray(products.categoryId, named.categories));
  if (named.brands.length) branches.push(inArray(products.brandId, named.brands));
  return or(...branches) as SQL;
}
