/**
 * Spreadsheet-safe CSV cells, one rule for every export and its reverse for the product import.
 *
 * A spreadsheet runs a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return as a formula (CSV
 * injection). Every export writes such a cell with a leading `'`, which spreadsheets show as text; a plain number
 * ("-5", "-12.50") is left alone. A cell that already starts with quotes followed by such a start gets one quote
 * more, so the rule can be undone exactly: the import removes one leading `'` from exactly the cells the export
 * would have quoted, and an exported file imports back unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** Whether the export quotes this cell: after any leading quotes, it starts like a formula and is no plain number. */
function startsLikeFormula(cell: string): boolean {
  const rest = cell.replace(/^'+/, '');
  return FORMULA_START.test(rest) && !PLAIN_NUMBER.test(rest);
}

/** The cell as every CSV export writes it: `'` before a cell a spreadsheet would run as a formula. */
export function neutraliseCsvCell(cell: string): string {
  return startsLikeFormula(cell) ? `'${cell}` : cell;
}

/** The reverse, as the product import reads a cell: the `'` the export added is removed, any other cell is kept. */
export function restoreCsvCell(cell: string): string {
  return cell.startsWith("'") && startsLikeFormula(cell) ? cell.slice(1) : cell;
}
