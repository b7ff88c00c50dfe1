import { type AnalyticsRangeQuery, type AnalyticsReportName, exportContracts } from '@seamline/shared';
import { Button, cn, PageHeader, Select, type SelectOption, Skeleton } from '@seamline/ui';
import { AlertTriangle, Printer, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { ExportCsvButton } from '../export-csv-button';

const RANGE_LABELS: Record<number, string> = {
  7: 'Last 7 days',
  30: 'Last 30 days',
  90: 'Last 90 days',
  365: 'Last year',
};

/** The range selector of a range page: its accessible name, width, choices and the chosen one. */
export type RangeChoice = {
  label: string;
  className: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
};

/** "Last N days" choices (the analytics screens' date range). */
export function dayChoices(days: number, choices: readonly number[], onChange: (days: number) => void): RangeChoice {
  return {
    label: 'Date range',
    className: 'w-40',
    value: String(days),
    options: choices.map((value) => ({ value: String(value), label: RANGE_LABELS[value] ?? `Last ${value} days` })),
    onChange: (value) => onChange(Number(value)),
  };
}

export function RangeSelect({ choice }: { choice: RangeChoice }) {
  return (
    <Select
      aria-label={choice.label}
      className={choice.className}
      value={choice.value}
      onChange={(event) => choice.onChange(event.target.value)}
      options={choice.options}
    />
  );
}

export type Refresh = { onClick: () => void; busy: boolean; label: string };

export function RefreshButton({ onClick, busy, label }: Refresh) {
  return (
    <Button variant="outline" onClick={onClick} disabled={busy}>
      <RefreshCw className={cn(busy && 'animate-spin')} aria-hidden />
      {label}
    </Button>
  );
}

/** The report's CSV of the range on screen, and "Print" (the browser's print dialog, which also saves as PDF). */
export function ReportOutputs({ report, query }: { report: AnalyticsReportName; query: AnalyticsRangeQuery }) {
  return (
    <>
      <ExportCsvButton
        contract={exportContracts.exportAnalyticsReport}
        params={{ report }}
        query={query}
        fileName={`${report}-report`}
      />
      <Button variant="outline" onClick={() => window.print()}>
        <Printer aria-hidden /> Print
      </Button>
    </>
  );
}

/** The red failure banner of the analytics screens (the specification). */
export function ErrorBanner({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="mb-4 flex items-center gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700"
    >
      <AlertTriangle className="size-4 shrink-0" aria-hidden />
      {message}
    </div>
  );
}

export function AnalyticsSkeleton({ cards = 4 }: { cards?: number }) {
  return (
    <div className="flex flex-col gap-4" data-testid="analytics-skeleton">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {Array.from({ length: cards }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} className="h-28 rounded-xl" />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-80 rounded-xl" />
        <Skeleton className="h-80 rounded-xl" />
      </div>
    </div>
  );
}

/**
 * A report over a chosen range (every analytics screen and the dashboard): the title row with the range selector and
 * the refresh button, then the failure, the loading skeleton or the figures. A failure is either a banner above the
 * figures still on screen (`{ banner }`) or a view in their place (`{ view }`); `locked` replaces the whole body (and
 * the controls) for callers who may not see the report.
 */
export function RangePage<T>({
  title,
  description,
  range,
  refresh,
  result,
  failure,
  skeletonCards = 4,
  locked,
  report,
  children,
}: {
  title: string;
  description: ReactNode;
  range: RangeChoice;
  refresh: Refresh;
  result: { data: T | undefined; isError: boolean };
  failure: { banner: string } | { view: ReactNode };
  skeletonCards?: number;
  locked?: ReactNode;
  /** The report this screen shows, for its "Export CSV" and "Print" (with the range on screen). */
  report?: { name: AnalyticsReportName; query: AnalyticsRangeQuery };
  children: (data: T) => ReactNode;
}) {
  const header = (
    <PageHeader
      title={title}
      description={description}
      actions={
        locked ? null : (
          <>
            <RangeSelect choice={range} />
            <RefreshButton {...refresh} />
            {report ? <ReportOutputs report={report.name} query={report.query} /> : null}
          </>
        )
      }
    />
  );
  if (locked)
    return (
      <>
        {header}
        {locked}
      </>
    );
  if (result.isError && 'view' in failure)
    return (
      <>
        {header}
        {failure.view}
      </>
    );
  return (
    <>
      {header}
      {result.isError && 'banner' in failure ? <ErrorBanner message={failure.banner} /> : null}
      {result.data === undefined ? (
        result.isError ? null : (
          <AnalyticsSkeleton cards={skeletonCards} />
        )
      ) : (
        children(result.data)
      )}
    </>
  );
}
