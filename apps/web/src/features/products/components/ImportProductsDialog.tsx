import { type ImportPreview, importExportContracts } from '@seamline/shared';
import {
  Button,
  Dialog,
  DialogContent,
  formatNumber,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@seamline/ui';
import { Download, Upload } from 'lucide-react';
import { useState } from 'react';
import { JobProgressBar } from '../../../components/list/JobProgressBar';
import { useStockLocations } from '../../../components/stock-locations';
import { errorMessage } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { useImportJob, useImportPreview, useStartImport } from '../import-api';

const COUNT_KEYS = ['create', 'update', 'unchanged', 'failed'] as const;
/** The preview says what would happen, the job what did. */
const COUNT_LABELS = {
  preview: ['To create', 'To update', 'Unchanged', 'With errors'],
  job: ['Created', 'Updated', 'Unchanged', 'Skipped (errors)'],
} as const;

function Counts({ counts, of }: { counts: ImportPreview['counts']; of: keyof typeof COUNT_LABELS }) {
  return (
    <dl className="grid grid-cols-4 gap-2 rounded-lg bg-slate-50 p-3 text-center text-sm">
      {COUNT_KEYS.map((key, index) => [key, COUNT_LABELS[of][index]] as const).map(([key, label]) => (
        <div key={key}>
          <dt className="text-xs text-slate-500">{label}</dt>
          <dd className="font-semibold text-slate-900" data-testid={`import-${key}`}>
            {formatNumber(counts[key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ErrorTable({ errors, total }: { errors: ImportPreview['errors']; total: number }) {
  if (total === 0) return null;
  return (
    <div className="max-h-64 overflow-auto rounded-lg border border-slate-200">
      <Table aria-label="Import errors">
        <TableHeader>
          <TableRow>
            <TableHead>Row</TableHead>
            <TableHead>Column</TableHead>
            <TableHead>Message</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {errors.map((error) => (
            <TableRow key={`${error.row}-${error.column}`}>
              <TableCell>{error.row}</TableCell>
              <TableCell className="font-mono text-xs">{error.column}</TableCell>
              <TableCell>{error.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {total > errors.length ? (
        <p className="p-2 text-xs text-slate-500">
          {formatNumber(total - errors.length)} more errors not listed: fix these and preview again.
        </p>
      ) : null}
    </div>
  );
}

function JobProgress({ id }: { id: string }) {
  const job = useImportJob(id).data;
  return (
    <div className="flex flex-col gap-2">
      <JobProgressBar done={job?.processedRows ?? 0} total={job?.totalRows ?? 0} label="Import progress" />
      <p className="text-sm text-slate-700" aria-live="polite">
        {job?.status === 'completed'
          ? `Import complete: ${formatNumber(job.processedRows)} rows.`
          : job?.status === 'failed'
            ? (job.failure ?? 'The import failed.')
            : `${formatNumber(job?.processedRows ?? 0)} of ${formatNumber(job?.totalRows ?? 0)} rows · ${formatNumber(job?.rate ?? 0)} rows/s`}
      </p>
      {job ? <Counts counts={job.counts} of="job" /> : null}
      {job ? <ErrorTable errors={job.errors} total={job.errorCount} /> : null}
    </div>
  );
}

/**
 * With two or more active locations: what the file's `location` column takes (a store with one location sees nothing,
 * its files need no location).
 */
function LocationHelp({ open }: { open: boolean }) {
  const locations = useStockLocations(open);
  if (locations.length === 0) return null;
  return (
    <p className="text-sm text-slate-700" data-testid="import-location-help">
      The <code className="font-mono text-xs">location</code> column says where a row's quantity is held: one row per
      size/color and location, by name ({locations.map((location) => location.name).join(', ')}). A blank location is
      the first location that ships online orders. The export writes a row per size/color and location.
    </p>
  );
}

/**
 * Import products from a CSV: the template, a file, the dry run's preview (counts and every error by row and column),
 * then "Apply" queues the job and a progress bar follows it to the end.
 */
export function ImportProductsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useImportPreview();
  const start = useStartImport();
  const result = preview.data && 'preview' in preview.data ? preview.data.preview : null;

  const reset = (next: boolean) => {
    if (!next) {
      setFile(null);
      setJobId(null);
      setProblem(null);
      preview.reset();
      start.reset();
    }
    onOpenChange(next);
  };
  const choose = (chosen: File | null) => {
    setFile(chosen);
    setProblem(null);
    setJobId(null);
    preview.reset();
    if (chosen) preview.mutate(chosen, { onError: (error) => setProblem(errorMessage(error, 'Preview failed')) });
  };
  const apply = () => {
    if (!file) return;
    start.mutate(file, {
      onSuccess: (data) => {
        if ('job' in data) setJobId(data.job.id);
      },
      onError: (error) => setProblem(errorMessage(error, 'The import could not start')),
    });
  };
  const template = () =>
    downloadFile(importExportContracts.importTemplate, {}, 'product-import-template.csv').catch((error) =>
      setProblem(errorMessage(error, 'Download failed')),
    );

  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogContent
        size="lg"
        title="Import products"
        description="One row per size/color. Rows are matched by variant SKU, else by product SKU, size and color."
      >
        <div className="flex flex-col gap-4">
          <LocationHelp open={open} />
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="outline" onClick={template}>
              <Download /> Download template
            </Button>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <Upload className="size-4" aria-hidden />
              <span>CSV file</span>
              <input
                type="file"
                accept=".csv,text/csv"
                aria-label="CSV file"
                disabled={jobId !== null}
                onChange={(event) => choose(event.target.files?.[0] ?? null)}
                className="text-sm"
              />
            </label>
          </div>
          {problem ? (
            <p role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          ) : null}
          {preview.isPending ? <p className="text-sm text-slate-500">Checking the file…</p> : null}
          {result && !jobId ? (
            <section aria-label="Preview" className="flex flex-col gap-3">
              <p className="text-sm text-slate-700">
                {formatNumber(result.totalRows)} rows in {result.fileName}; {formatNumber(result.newProducts)} new
                products.
                {result.errorCount > 0 ? ' Fix the rows below and choose the file again.' : ' Nothing is written yet.'}
              </p>
              <Counts counts={result.counts} of="preview" />
              <ErrorTable errors={result.errors} total={result.errorCount} />
            </section>
          ) : null}
          {jobId ? <JobProgress id={jobId} /> : null}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => reset(false)}>
              Close
            </Button>
            {!jobId ? (
              <Button onClick={apply} disabled={!result || result.errorCount > 0} loading={start.isPending}>
                Apply
              </Button>
            ) : null}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
