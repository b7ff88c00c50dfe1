import { pipeline, type Readable, type Transform } from 'node:stream';
import { IMPORT_MESSAGES, PRODUCT_CSV_COLUMNS, type ProductCsvRecord, restoreCsvCell } from '@seamline/shared';
import { CsvError, parse } from 'csv-parse';
import { badRequest } from '../../lib/errors.js';

/** Columns a file must have (the rest may be left out: the form's defaults apply). */
const REQUIRED_COLUMNS = [
  'product_sku',
  'name',
  'category',
  'subcategory',
  'brand',
  'price',
  'size',
  'color',
  'quantity',
];

/** "Product SKU" / "product-sku" → "product_sku". */
const normaliseHeader = (header: string) =>
  header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

export type CsvRecord = { row: number; record: ProductCsvRecord };

/**
 * The records of a product CSV byte stream, parsed as they arrive (csv-parse's stream API: the bytes in flight and one
 * record, never the whole file), each with its spreadsheet row number (header = 1). A cell the export neutralised
 * with a leading `'` (shared restoreCsvCell) is read without it, so an exported file imports back unchanged.
 * `through` sees the bytes on their way to the parser (e.g. to store them). A missing required column or unreadable CSV is a 400 for the whole file;
 * an error of the source or `through` (an upload too large, a failed write) ends the records with that error.
 */
export async function* readCsvRecords(source: Readable, through?: Transform): AsyncGenerator<CsvRecord> {
  const parser = parse({
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    trim: false,
    max_record_size: 100_000,
  });
  // pipeline() destroys every stream with the first error, so the parser's iteration below throws it; when the loop
  // stops early (a 400), the source is destroyed too and the rest of the upload is not read.
  pipeline(through ? [source, through, parser] : [source, parser], () => {});
  let columns: string[] | null = null;
  let row = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      row += 1;
      if (!columns) {
        columns = cells.map(normaliseHeader);
        const missing = REQUIRED_COLUMNS.filter((c) => !columns!.includes(c));
        if (missing.length > 0) throw badRequest(IMPORT_MESSAGES.missingColumns(missing), 'file');
        continue;
      }
      const record: ProductCsvRecord = {};
      for (const [index, name] of columns.entries())
        if ((PRODUCT_CSV_COLUMNS as readonly string[]).includes(name))
          record[name as keyof ProductCsvRecord] = restoreCsvCell(cells[index] ?? '');
      yield { row, record };
    }
  } catch (error) {
    throw error instanceof CsvError ? badRequest(IMPORT_MESSAGES.badCsv, 'file') : error;
  }
  if (!columns || row < 2) throw badRequest(IMPORT_MESSAGES.empty, 'file');
}

/** Groups of `size` items from an async stream. */
export async function* inBatches<T>(items: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
