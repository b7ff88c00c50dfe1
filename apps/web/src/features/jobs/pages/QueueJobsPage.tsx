import { QUEUE_JOB_STATES, type QueueJobState, TOAST_MS } from '@seamline/shared';
import {
  Button,
  EmptyState,
  ErrorState,
  PageHeader,
  Skeleton,
  Tabs,
  TabsList,
  TabsTrigger,
  useToast,
} from '@seamline/ui';
import { useState } from 'react';
import { useQueueJobs, useRetryQueueJob } from '../api';
import { QueueJobsTable } from '../components/QueueJobsTable';

const LABELS: Record<QueueJobState, string> = {
  queued: 'Queued',
  running: 'Running',
  scheduled: 'Scheduled',
  failed: 'Failed',
};

/**
 * Settings → Jobs (admins): the background work of every instance, by state, newest first; a failed job can be run
 * again. Pages follow the server's cursor: the trail of earlier cursors makes "Previous" possible.
 */
export default function QueueJobsPage() {
  const [state, setState] = useState<QueueJobState>('failed');
  const [cursors, setCursors] = useState<string[]>([]);
  const after = cursors.at(-1);
  const query = useQueueJobs({ state, after });
  const retry = useRetryQueueJob();
  const toast = useToast(TOAST_MS.orders);
  const counts = query.data?.counts;

  const chooseState = (next: string) => {
    setState(QUEUE_JOB_STATES.find((s) => s === next) ?? 'failed');
    setCursors([]);
  };
  const retryJob = (id: string, task: string) =>
    retry.mutate(id, {
      onSuccess: () => toast.success(`The ${task} job is queued again.`),
      onError: (error) => toast.error(error.message),
    });

  return (
    <>
      <PageHeader
        title="Jobs"
        description="The background work of the store: mail, imports, bulk actions, clean-ups."
      />
      <Tabs value={state} onValueChange={chooseState}>
        <TabsList aria-label="State">
          {QUEUE_JOB_STATES.map((s) => (
            <TabsTrigger key={s} value={s}>
              {LABELS[s]}
              {counts ? ` (${counts[s].total}${counts[s].exact ? '' : '+'})` : null}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
      <div className="mt-4 flex flex-col gap-4">
        {query.isError ? (
          <ErrorState title="Error loading jobs" message={query.error.message} onRetry={() => query.refetch()} />
        ) : query.isPending ? (
          <Skeleton className="h-40" />
        ) : query.data.jobs.length === 0 ? (
          <EmptyState title={`No ${LABELS[state].toLowerCase()} jobs`} />
        ) : (
          <QueueJobsTable
            jobs={query.data.jobs}
            retrying={retry.isPending ? (retry.variables ?? null) : null}
            onRetry={(job) => retryJob(job.id, job.task)}
          />
        )}
        <div className="flex justify-end gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={!cursors.length}
            onClick={() => setCursors(cursors.slice(0, -1))}
          >
            Previous
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={!query.data?.nextCursor}
            onClick={() => query.data?.nextCursor && setCursors([...cursors, query.data.nextCursor])}
          >
            Next
          </Button>
        </div>
      </div>
    </>
  );
}
