import { z } from 'zod';
import { endpoint } from '../contract.js';
import { envelope } from '../envelopes.js';
import { idParams } from '../id-params.js';
import { jobView } from '../jobs.js';
import { IMPORT_MESSAGES, importPreviewView, importQuery } from '../product-import.js';

const tag = 'import-export';
const csv = z.string().describe('text/csv, UTF-8, a header row and one row per variant (and stock location)');

/** Product import (CSV with a dry run, then a background job), its template and the job's progress. */
export const importExportContracts = {
  importProducts: endpoint({
    operationId: 'importProducts',
    method: 'POST',
    path: '/admin/products/import',
    summary: 'Upload a product CSV (`file` field): dryRun=true previews it, dryRun=false queues the import job',
    description:
      'Every row is checked with the product form rules. The preview counts rows to create, update (matched by ' +
      'variant SKU, else product SKU + size/color) and unchanged, and lists every error with row, column and message. ' +
      "A row's quantity is the stock at its `location` (a location name; blank or no column: the first location); " +
      'rows of one variant at other locations set only their quantity there. An unknown location is the row error ' +
      `"${IMPORT_MESSAGES.locationNotFound}", an inactive one "${IMPORT_MESSAGES.locationInactive}". ` +
      'Nothing is written by a dry run; it lists the first 500 errors and counts them all. Applying answers 202 with ' +
      'the job (any instance runs it, or resumes it after a restart); GET /admin/jobs/{id} follows it. The job ' +
      'writes stock movements with reason `import` and one activity-log entry; `image_urls` are downloaded and ' +
      'processed like uploads (public hosts only, 5 MB, 10 s, 3 redirects), a failed picture being a row error. ' +
      'Re-applying the same file changes nothing. The file is read as it streams in, up to 100 MB: 413 ' +
      `"${IMPORT_MESSAGES.tooLarge}"; 400 "${IMPORT_MESSAGES.badCsv}" or 400 "${IMPORT_MESSAGES.empty}", ` +
      'and 400 when the `file` field is missing.',
    tag,
    access: 'catalogueWrite',
    multipart: true,
    query: importQuery,
    responses: { 200: envelope(z.object({ preview: importPreviewView })), 202: envelope(z.object({ job: jobView })) },
    errors: [413, 415],
  }),
  importTemplate: endpoint({
    operationId: 'downloadProductImportTemplate',
    method: 'GET',
    path: '/admin/products/import/template.csv',
    summary: 'The product CSV template: the columns and two example rows',
    description:
      'The columns the import reads, in order, with two example rows; the products export writes the same columns.',
    tag,
    access: 'catalogueWrite',
    produces: ['text/csv'],
    responses: { 200: csv },
  }),
  job: endpoint({
    operationId: 'getJob',
    method: 'GET',
    path: '/admin/jobs/:id',
    summary: 'A background job (import or bulk action): status, done / total, rate, counts, errors or results',
    description:
      'Staff read the jobs they started; admins read any. Anyone else\'s job answers the same 404 "Job not found" ' +
      'as a missing one. Poll it until `status` is `completed` or `failed`.',
    tag,
    access: 'staff',
    params: idParams('job'),
    responses: { 200: envelope(z.object({ job: jobView })) },
    errors: [404],
  }),
};
