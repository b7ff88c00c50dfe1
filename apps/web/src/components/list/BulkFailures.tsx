import type { BulkResult } from '@seamline/shared';

/** The rows a bulk action could not change, each with the reason (the first BULK_REPORT_LIMIT of them). */
export function BulkFailures({ result }: { result: BulkResult }) {
  if (!result.failed) return null;
  return (
    <div role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm">
      <p className="mb-2 font-medium text-amber-900">
        {result.failed} could not be changed
        {result.failures.length < result.failed ? ` (first ${result.failures.length} shown)` : ''}:
      </p>
      <ul className="max-h-48 list-disc space-y-1 overflow-y-auto pl-5 text-amber-900">
        {result.failures.map((failure) => (
          <li key={failure.id}>
            <span className="font-medium">{failure.label}</span>: {failure.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}
