import { bulkSummary, isFinishedJob } from '@seamline/shared';
import { formatNumber, useToast } from '@seamline/ui';
import type { QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useJob } from '../../lib/jobs';
import { BulkFailures } from './BulkFailures';
import { JobProgressBar } from './JobProgressBar';

type Props = {
  jobId: string;
  noun: { one: string; many: string };
  /** Past tense of the action, for the summary ("12 orders updated, 3 failed"). */
  verb: string;
  toastMs: number;
  /** The lists the job changes, read again when it ends. */
  refresh: QueryKey;
  /** Called once when the job has ended (after its summary toast). */
  onEnd: () => void;
};

/**
 * A bulk action's job followed to its end: a progress bar (done of total, rate), then a summary toast and the rows
 * that failed with why.
 */
export function BulkJobProgress({ jobId, noun, verb, toastMs, refresh, onEnd }: Props) {
  const job = useJob(jobId, refresh).data;
  const toast = useToast(toastMs);
  const told = useRef(false);
  useEffect(() => {
    if (!job || !isFinishedJob(job) || told.current) return;
    told.current = true;
    if (job.status === 'failed') toast.error(job.failure ?? 'The bulk action failed');
    else if (job.result) {
      const summary = bulkSummary(job.result, noun, verb);
      if (job.result.failed) toast.error(summary);
      else toast.success(summary);
    }
    onEnd();
  }, [job, noun, verb, toast, onEnd]);

  const total = job?.totalRows ?? 0;
  const done = job?.processedRows ?? 0;
  return (
    <div className="flex flex-col gap-3">
      <JobProgressBar done={done} total={total} label="Bulk action progress" />
      <p className="text-sm text-slate-700" aria-live="polite">
        {job?.status === 'failed'
          ? (job.failure ?? 'The bulk action failed.')
          : job?.status === 'completed' && job.result
            ? `Done: ${bulkSummary(job.result, noun, verb)}.`
            : `${formatNumber(done)} of ${total ? formatNumber(total) : '…'} ${noun.many} · ${formatNumber(job?.rate ?? 0)}/s`}
      </p>
      {job?.result ? <BulkFailures result={job.result} /> : null}
    </div>
  );
}
