import type { ActivityLogEntry } from '@seamline/shared';
import { Avatar, formatDate, Highlight, Pagination } from '@seamline/ui';
import { ActionText, EntityIcon, logEmail, ResourceBadge, StatusBadge } from './log-parts';

const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });

/** Logs grouped by e-mail in order of first appearance (newest first stays newest first). */
export function groupByEmail(logs: ActivityLogEntry[]): { email: string; logs: ActivityLogEntry[] }[] {
  const groups = new Map<string, ActivityLogEntry[]>();
  for (const log of logs) {
    const email = logEmail(log);
    groups.set(email, [...(groups.get(email) ?? []), log]);
  }
  return [...groups].map(([email, entries]) => ({ email, logs: entries }));
}

export type ActivityTimelineProps = {
  logs: ActivityLogEntry[];
  search: string;
  loading: boolean;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  onOpen: (log: ActivityLogEntry) => void;
};

/** Timeline View: one block per user e-mail with an initial-letter avatar; clicking an entry opens its details. */
export function ActivityTimeline({
  logs,
  search,
  loading,
  page,
  totalPages,
  onPageChange,
  onOpen,
}: ActivityTimelineProps) {
  if (loading) return <p className="py-10 text-center text-sm text-slate-500">Loading...</p>;
  if (logs.length === 0) return <p className="py-10 text-center text-sm text-slate-500">No logs found.</p>;
  return (
    <div className="flex flex-col gap-5">
      {groupByEmail(logs).map((group) => (
        <section
          key={group.email}
          className="rounded-xl border border-slate-200 bg-white p-4"
          data-testid="timeline-group"
          aria-label={group.email}
        >
          <header className="mb-3 flex items-center gap-3">
            <Avatar seed={group.email} name={group.email.charAt(0)} size={36} />
            <div>
              <h3 className="font-semibold text-slate-900">
                <Highlight text={group.email} query={search} />
              </h3>
              <p className="text-xs text-slate-500">
                {group.logs.length} {group.logs.length === 1 ? 'activity' : 'activities'}
              </p>
            </div>
          </header>
          <ol className="relative ml-4 border-l border-slate-200">
            {group.logs.map((log) => (
              <li key={log.id} className="ml-4 pb-3 last:pb-0">
                <button
                  type="button"
                  onClick={() => onOpen(log)}
                  className="-ml-9 flex w-[calc(100%+1.25rem)] cursor-pointer items-start gap-3 rounded-lg p-2 text-left transition-colors hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus-ring"
                  data-testid="timeline-entry"
                >
                  <EntityIcon resource={log.resource} />
                  <div className="flex min-w-0 flex-1 flex-col gap-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <ActionText action={log.action} search={search} />
                      <ResourceBadge resource={log.resource} search={search} />
                      <StatusBadge status={log.status} />
                    </div>
                    <div className="flex flex-wrap gap-x-3 text-xs text-slate-500">
                      <span>
                        <Highlight text={logEmail(log)} query={search} />
                      </span>
                      <span>{formatDate(log.createdAt)}</span>
                      <span>{time.format(new Date(log.createdAt))}</span>
                    </div>
                  </div>
                </button>
              </li>
            ))}
          </ol>
        </section>
      ))}
      <Pagination page={page} totalPages={totalPages} onPageChange={onPageChange} />
    </div>
  );
}
