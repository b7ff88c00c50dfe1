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
import { ImportJobs } from './import-jobs.js';

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

/** Product import (dry run and job), its template and progress. */
export const importExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const imports = new ImportJobs(app.db, app.log);
  // In the background: a start must not wait for (or fail on) old jobs, e.g. before `npm run db:migrate` has run.
  app.addHook('onReady', async () => {
    imports.resumeStale().catch((error) => app.log.warn({ err: error }, 'import jobs were not resumed'));
  });
  app.addHook('onClose', () => imports.close());

  serve(app, contracts.importProducts, async (request, reply) => {
    const { csv, fileName } = await readCsvUpload(request);
    if (request.query.dryRun) return ok({ preview: await imports.preview(csv, fileName) });
    const job = await imports.start(csv, fileName, auditContext(request));
    return reply.status(202).send(ok({ job }, 'Import started'));
  });

  serve(app, contracts.importTemplate, async (_request, reply) => {
    const rows = PRODUCT_CSV_TEMPLATE.map((record) => PRODUCT_CSV_COLUMNS.map((column) => record[column] ?? ''));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="product-import-template.csv"')
      .send(stringify([[...PRODUCT_CSV_COLUMNS], ...rows]));
  });

  serve(app, contracts.job, async (request) => ok({ job: await imports.get(request.params.id) }));
};
