import type { Readable } from 'node:stream';
import {
  importExportContracts as contracts,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  neutraliseCsvCell,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_TEMPLATE,
} from '@seamline/shared';
import { stringify } from 'csv-stringify/sync';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../lib/audit.js';
import { serve } from '../../lib/contract-route.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { declaredTooLarge, uploadAllowance } from '../../lib/request-body.js';
import { ok } from '../../lib/responses.js';
import { previewImport, startImport } from './import-jobs.js';

/** The import route's body size: the largest CSV and the rest of its form. */
const IMPORT_UPLOAD = { config: { uploadBytes: uploadAllowance(IMPORT_LIMITS.maxBytes) } };

const tooLarge = () => new AppError(413, 'FILE_TOO_LARGE', IMPORT_MESSAGES.tooLarge);

/**
 * Hands the `file` field's byte stream (UTF-8 CSV) to `use` as it arrives: the upload is never read whole. Past
 * IMPORT_LIMITS.maxBytes the stream fails with a 413, so `use` stops and undoes what it wrote; an upload that declares
 * more than the route takes is refused before it is read. What a refusal leaves unread is plugins/unread-body.ts's.
 */
async function withCsvUpload<T>(
  request: FastifyRequest,
  use: (file: Readable, fileName: string) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart())
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart/form-data upload');
  if (declaredTooLarge(request)) throw tooLarge();
  let result: { value: T } | null = null;
  let using = false;
  let uploadFailed = false;
  try {
    for await (const part of request.parts({ limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || result) {
        part.file.resume();
        continue;
      }
      part.file.once('limit', () => part.file.destroy(tooLarge()));
      // A broken body fails the stream; so do our own stops (a 413, an early end), which are not the client's fault.
      part.file.on('error', (error: Error & { code?: string }) => {
        if (!(error instanceof AppError) && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') uploadFailed = true;
      });
      using = true;
      result = { value: await use(part.file, part.filename.slice(0, 200)) };
      using = false;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A broken multipart body (or one past the part limits) is the client's; a failure of `use` itself is ours.
    const clientsFault = !using || uploadFailed || (error as { code?: string }).code?.startsWith('FST_');
    if (!clientsFault) throw error;
    throw new AppError(400, 'BAD_UPLOAD', 'Malformed upload');
  }
  if (!result) throw badRequest(IMPORT_MESSAGES.noFile, 'file');
  return result.value;
}

/** Product import (dry run and job) and its template; the job runs in `app.jobs`. */
export const importExportRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    contracts.importProducts,
    async (request, reply) => {
      if (request.query.dryRun)
        return ok({
          preview: await withCsvUpload(request, (file, fileName) =>
            previewImport(app.db, file, fileName, { allowHttp: app.config.importImages.allowHttp }),
          ),
        });
      const ctx = auditContext(request);
      const job = await withCsvUpload(request, (file, fileName) =>
        startImport(app.db, app.jobs, app.log, { file, fileName }, ctx),
      );
      return reply.status(202).send(ok({ job }, 'Import started'));
    },
    IMPORT_UPLOAD,
  );

  serve(app, contracts.importTemplate, async (_request, reply) => {
    const rows = PRODUCT_CSV_TEMPLATE.map((record) =>
      PRODUCT_CSV_COLUMNS.map((column) => neutraliseCsvCell(record[column] ?? '')),
    );
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="product-import-template.csv"')
      .send(stringify([[...PRODUCT_CSV_COLUMNS], ...rows]));
  });
};
