import type { QueueJobState, QueueJobView } from '@seamline/shared';
import {
  Badge,
  type BadgeVariant,
  Button,
  formatDateTime,
  Table,
  TableActionsHead,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@seamline/ui';
import { RotateCcw } from 'lucide-react';

const STATE_BADGE: Record<QueueJobState, BadgeVariant> = {
  queued: 'info',
  running: 'primary',
  scheduled: 'neutral',
  failed: 'danger',
};

type Props = {
  jobs: QueueJobView[];
  /** Retry a failed job; `retrying` is the id being retried. */
  onRetry(job: QueueJobView): void;
  retrying: string | null;
};

/** The queue's jobs: task, queue, state, tries, when it runs, its last error; failed ones offer Retry. */
export function QueueJobsTable({ jobs, onRetry, retrying }: Props) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Task</TableHead>
          <TableHead>Queue</TableHead>
          <TableHead>State</TableHead>
          <TableHead>Attempts</TableHead>
          <TableHead>Run at</TableHead>
          <TableHead>Last error</TableHead>
          <TableActionsHead />
        </TableRow>
      </TableHeader>
      <TableBody>
        {jobs.map((job) => (
          <TableRow key={job.id}>
            <TableCell className="font-mono text-xs">{job.task}</TableCell>
            <TableCell>{job.queue ?? '—'}</TableCell>
            <TableCell>
              <Badge variant={STATE_BADGE[job.state]}>{job.state}</Badge>
            </TableCell>
            <TableCell>{`${job.attempts} / ${job.maxAttempts}`}</TableCell>
            <TableCell>{formatDateTime(job.runAt)}</TableCell>
            <TableCell className="max-w-sm truncate text-xs" title={job.lastError ?? undefined}>
              {job.lastError ?? '—'}
            </TableCell>
            <TableCell className="text-right">
              {job.state === 'failed' ? (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Retry ${job.task} job ${job.id}`}
                  disabled={retrying === job.id}
                  onClick={() => onRetry(job)}
                >
                  <RotateCcw aria-hidden /> Retry
                </Button>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
