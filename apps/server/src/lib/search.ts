/**
 * A plain-text search term as an ILIKE "contains" pattern: %, _ and the escape character itself are matched
 * literally (PostgreSQL's default LIKE escape is the backslash), so user input is never a wildcard.
 */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
