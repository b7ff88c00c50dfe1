import type { ActivityLogEntry } from '@seamline/shared';
import {
  Button,
  formatDateTime,
  Highlight,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@seamline/ui';
import { Eye } from 'lucide-react';
import { ActionText, logEmail, ResourceBadge, StatusBadge } from './log-parts';

export type ActivityTableProps = {
  logs: ActivityLogEntry[];
  search: string;
  loading: boolean;
  fetching: boolean;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  onOpen: (log: ActivityLogEntry) => void;
};

/** Table View: User, Action, Resource, Date, Status, Details; a row click or View opens the details. */
export function ActivityTable({
  logs,
  search,
  loading,
  fetching,
  page,
  totalPages,
  onPageChange,
  onOpen,
}: ActivityTableProps) {
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>User</TableHead>
            <TableHead>Action</TableHead>
            <TableHead>Resource</TableHead>
            <TableHead>Date</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Details</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {loading ? (
            <TableRow>
              <TableCell colSpan={6} className="py-10 text-center text-slate-500">
                Loading...
              </TableCell>
            </TableRow>
          ) : logs.length === 0 ? (
            <TableRow>
              <TableCell colSpan={6} className="py-10 text-center text-slate-500">
                No logs found.
              </TableCell>
            </TableRow>
          ) : (
            logs.map((log) => (
              <TableRow key={log.id} className="cursor-pointer" onClick={() => onOpen(log)} data-testid="activity-row">
                <TableCell>
                  <div className="font-medium text-slate-900">
                    <Highlight text={logEmail(log)} query={search} />
                  </div>
                  {log.user?.firstName ? (
                    <div className="text-xs text-slate-500">
                      {`${log.user.firstName} ${log.user.lastName ?? ''}`.trim()}
                    </div>
                  ) : null}
                </TableCell>
                <TableCell>
                  <ActionText action={log.action} search={search} />
                </TableCell>
                <TableCell>
                  <ResourceBadge resource={log.resource} search={search} />
                </TableCell>
                <TableCell className="whitespace-nowrap text-slate-600">{formatDateTime(log.createdAt)}</TableCell>
                <TableCell>
                  <StatusBadge status={log.status} />
                </TableCell>
                <TableCell className="text-right">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpen(log);
                    }}
                  >
                    <Eye aria-hidden /> View
                  </Button>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 text-sm text-slate-600">
        <span>{`Showing ${logs.length} logs on page ${page}`}</span>
        <div className="flex items-center gap-3">
          <Button variant="outline" size="sm" disabled={page <= 1 || fetching} onClick={() => onPageChange(page - 1)}>
            Prev
          </Button>
          <span>{`Page ${page} of ${totalPages}`}</span>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= totalPages || fetching}
            onClick={() => onPageChange(page + 1)}
          >
            Next
          </Button>
        </div>
      </div>
    </div>
  );
}
