/** A plain-text search string as an ILIKE pattern: %, _ and \ match themselves (never regex or SQL fragments). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
