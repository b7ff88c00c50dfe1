import {
  importExportContracts as contracts,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_TEMPLATE,
} from '@seamline/shared';
import { stringify } from 'csv-stringify/sync';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../lib/audit.js';
import { serve } from '../../lib/contract-route.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { ok } from '../../lib/responses.js';
import { exportCsv } from './exports.js';
import { countImportRows, previewImport } from './import-jobs.js';

/** The CSV of the `file` field (UTF-8), at most IMPORT_LIMITS.maxBytes. */
async function readCsvUpload(request: FastifyRequest): Promise<{ csv: string; fileName: string }> {
  if (!request.isMultipart())
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart/form-data upload');
  let upload: { csv: string; fileName: string } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1 } })) {
      if (part.type !== 'file') continue;
      const buffer = await part.toBuffer();
      if (part.fieldname === 'file') upload = { csv: buffer.toString('utf8'), fileName: part.filename.slice(0, 200) };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'FILE_TOO_LARGE', IMPORT_MESSAGES.tooLarge);
    throw new AppError(400, 'BAD_UPLOAD', 'Malformed upload');
  }
  if (!upload) throw badRequest(IMPORT_MESSAGES.noFile, 'file');
  return upload;
}

const csvFileName = (kind: string) => `${kind}-${new Date().toISOString().slice(0, 10)}.csv`;

/** Product import (dry run and job), its template, and the product and inventory exports. */
export const importExportRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, contracts.importProducts, async (request, reply) => {
    const { csv, fileName } = await readCsvUpload(request);
    if (request.query.dryRun) return ok({ preview: await previewImport(app.db, csv, fileName) });
    const totalRows = await countImportRows(csv);
    const job = await app.jobs.enqueue(
      { kind: 'product_import', input: csv, fileName, totalRows },
      auditContext(request),
    );
    return reply.status(202).send(ok({ job }, 'Import started'));
  });

  serve(app, contracts.importTemplate, async (_request, reply) => {
    const rows = PRODUCT_CSV_TEMPLATE.map((record) => PRODUCT_CSV_COLUMNS.map((column) => record[column] ?? ''));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="product-import-template.csv"')
      .send(stringify([[...PRODUCT_CSV_COLUMNS], ...rows]));
  });

  for (const kind of ['products', 'inventory'] as const) {
    serve(app, kind === 'products' ? contracts.exportProducts : contracts.exportInventory, async (request, reply) => {
      const query = { ...request.query, page: 1, limit: 1 };
      const stream = await exportCsv(app.db, kind, query, auditContext(request));
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${csvFileName(kind)}"`)
          // A stream is sent as it is (fastify serializes no stream); the contract's string schema documents its text.
          .send(stream as unknown as string)
      );
    });
  }
};
