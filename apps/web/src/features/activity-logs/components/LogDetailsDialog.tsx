import { type ActivityLogEntry, flattenDetails } from '@seamline/shared';
import { Button, Dialog, DialogClose, DialogContent, DialogFooter, formatDateTime } from '@seamline/ui';
import { logEmail, ResourceBadge, StatusBadge } from './log-parts';

/** 'update_status' → 'Update status' */
export const humanAction = (action: string) => action.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

export const NO_DETAILS = 'No additional details available for this activity.';

/** The details modal: titled with the action, 'By {email} on {date}', one card per detail (before → after). */
export function LogDetailsDialog({ log, onClose }: { log: ActivityLogEntry | null; onClose: () => void }) {
  const fields = flattenDetails(log?.details);
  return (
    <Dialog open={Boolean(log)} onOpenChange={(open) => (open ? undefined : onClose())}>
      {log ? (
        <DialogContent
          size="lg"
          title={humanAction(log.action)}
          description={`By ${logEmail(log)} on ${formatDateTime(log.createdAt)}`}
        >
          <div className="mb-4 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <ResourceBadge resource={log.resource} search="" />
            <StatusBadge status={log.status} />
            {log.resourceId ? <span className="font-mono text-xs text-slate-500">{log.resourceId}</span> : null}
          </div>
          {fields.length === 0 ? (
            <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600">{NO_DETAILS}</p>
          ) : (
            <dl className="grid gap-3 sm:grid-cols-2">
              {fields.map((field) => (
                <div key={field.label} className="rounded-lg border border-slate-200 bg-slate-50/60 p-3">
                  <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{field.label}</dt>
                  <dd className="mt-1 text-sm break-words text-slate-900">{field.value}</dd>
                </div>
              ))}
            </dl>
          )}
          {log.ip || log.userAgent ? (
            <p className="mt-4 text-xs text-slate-500">
              {[log.ip && `IP ${log.ip}`, log.userAgent].filter(Boolean).join(' · ')}
            </p>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Close</Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
