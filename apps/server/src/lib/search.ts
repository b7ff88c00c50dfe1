import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** A plain-text search string as an ILIKE pattern: %, _ and \ match themselves (never regex or SQL fragments). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A stored lower-cased search text (a column its trigram index serves) contains `text`, case-insensitively: LIKE on
 * the pattern lower-cased by PostgreSQL gives the same matches as ILIKE, which lower-cases both sides on every row.
 */
export function lowerTextContains(column: SQLWrapper, text: string): SQL {
  return sql`${column} LIKE lower(${containsPattern(text)})`;
}
