import { type ActivityLogEntry, DEBOUNCE_MS, exportContracts, PAGE_SIZES } from '@seamline/shared';
import { PageHeader, SearchBox, Tabs, TabsContent, TabsList, TabsTrigger } from '@seamline/ui';
import { List, ListTree } from 'lucide-react';
import { useState } from 'react';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { FilterBar } from '../../../components/list/FilterBar';
import { SavedViewsMenu } from '../../../components/list/SavedViewsMenu';
import { oneOf, useLastPageClamp, useListParams } from '../../../lib/list-params';
import { ACTIVITY_FILTER_DEFAULTS, activityFilter, activityFilterFields } from '../activity-filters';
import { useActivityLogs, useStaffChoices } from '../api';
import { ActivityTable } from '../components/ActivityTable';
import { ActivityTimeline } from '../components/ActivityTimeline';
import { LogDetailsDialog } from '../components/LogDetailsDialog';

const VIEWS = ['table', 'timeline'] as const;

/**
 * Activity Logs (the specification): the audit trail as a table or a timeline, searched on the server; view, search and
 * page in the URL.
 */
export default function ActivityLogsPage() {
  const [params, setParams] = useListParams({ view: 'table', search: '', page: 1, ...ACTIVITY_FILTER_DEFAULTS });
  // Staff names load when the User filter asks for them (a link with one, or its select used).
  const [staffWanted, setStaffWanted] = useState(false);
  const staff = useStaffChoices(staffWanted || Boolean(params.userId));
  const view = oneOf(params.view, VIEWS, 'table');
  const { search, page } = params;
  const [selected, setSelected] = useState<ActivityLogEntry | null>(null);
  // The timeline keeps its own smaller page (its component default), so each view has its own cache entries.
  const limit = view === 'table' ? PAGE_SIZES.activityLogs : PAGE_SIZES.activityTimeline;
  const query = useActivityLogs({ page, limit, search, ...activityFilter(params) });
  const logs = query.data?.logs ?? [];
  const totalPages = query.data?.pagination.pages ?? 1;
  const setPage = (next: number) => setParams({ page: next });
  useLastPageClamp(page, query.isSuccess && !query.isPlaceholderData ? totalPages : undefined, setParams);

  return (
    <>
      <PageHeader
        title="Activity Logs"
        description="Every change made in the back office: who, what, when and how."
        actions={
          <ExportCsvButton
            contract={exportContracts.exportActivityLogs}
            query={{ search: search || undefined, ...activityFilter(params) }}
            fileName="activity-logs"
          />
        }
      />
      <div className="relative flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <SearchBox
            value={search}
            delayMs={DEBOUNCE_MS.activityLogs}
            placeholder="Search activity logs..."
            className="max-w-md"
            onDebouncedChange={(text) => setParams({ search: text }, { replace: true })}
          />
          <SavedViewsMenu list="activity-logs" />
        </div>
        <FilterBar
          fields={activityFilterFields(staff.data ?? [], () => setStaffWanted(true))}
          values={params}
          onChange={(changes) => setParams(changes)}
        />
        {query.isError ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
            {`Error loading activity logs: ${query.error.message}`}
          </div>
        ) : null}
        <Tabs value={view} onValueChange={(next) => setParams({ view: oneOf(next, VIEWS, 'table') })}>
          <TabsList aria-label="View">
            <TabsTrigger value="table">
              <List aria-hidden /> Table View
            </TabsTrigger>
            <TabsTrigger value="timeline">
              <ListTree aria-hidden /> Timeline View
            </TabsTrigger>
          </TabsList>
          <div className="relative">
            {query.isFetching ? (
              <div
                className="absolute inset-0 z-10 grid place-items-start justify-center rounded-xl bg-white/60 pt-16 text-sm font-medium text-slate-600"
                aria-live="polite"
              >
                <span className="rounded-md bg-white px-3 py-1.5 shadow">Loading data...</span>
              </div>
            ) : null}
            <TabsContent value="table">
              <ActivityTable
                logs={logs}
                search={search}
                loading={query.isPending}
                fetching={query.isFetching}
                page={page}
                totalPages={totalPages}
                onPageChange={setPage}
                onOpen={setSelected}
              />
            </TabsContent>
            <TabsContent value="timeline">
              <ActivityTimeline
                logs={logs}
                search={search}
                loading={query.isPending}
                page={page}
                totalPages={totalPages}
                onPageChange={setPage}
                onOpen={setSelected}
              />
            </TabsContent>
          </div>
        </Tabs>
      </div>
      <LogDetailsDialog log={selected} onClose={() => setSelected(null)} />
    </>
  );
}
