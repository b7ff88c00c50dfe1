import { Readable } from 'node:stream';
import { IMPORT_MESSAGES, PRODUCT_CSV_COLUMNS, type ProductCsvRecord } from '@seamline/shared';
import { parse } from 'csv-parse';
import { AppError, badRequest } from '../../lib/errors.js';

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
 * The records of a product CSV, parsed as a stream (one record in memory at a time), each with its spreadsheet row
 * number (header = 1). A missing required column or unreadable CSV is a 400 for the whole file.
 */
export async function* readCsvRecords(source: string | Readable): AsyncGenerator<CsvRecord> {
  const parser = (typeof source === 'string' ? Readable.from([source]) : source).pipe(
    parse({ bom: true, skip_empty_lines: true, relax_column_count: true, trim: false, max_record_size: 100_000 }),
  );
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
          record[name as keyof ProductCsvRecord] = cells[index] ?? '';
      yield { row, record };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(IMPORT_MESSAGES.badCsv, 'file');
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
