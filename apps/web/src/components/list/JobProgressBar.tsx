/** A background job's progress bar (done of total, as a percentage); `label` names it for assistive technology. */
export function JobProgressBar({ done, total, label }: { done: number; total: number; label: string }) {
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 overflow-hidden rounded-full bg-slate-200"
    >
      <div className="h-full bg-indigo-600 transition-all" style={{ width: `${percent}%` }} />
    </div>
  );
}
