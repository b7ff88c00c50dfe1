import { cn } from '@seamline/ui';
import { Loader2 } from 'lucide-react';

/** Shown while a lazily loaded page arrives. */
export function PageSpinner({ fullScreen }: { fullScreen?: boolean }) {
  return (
    <div
      role="status"
      aria-label="Loading"
      className={cn('grid place-items-center text-slate-400', fullScreen ? 'min-h-screen bg-slate-50' : 'py-24')}
    >
      <Loader2 className="size-6 animate-spin" />
    </div>
  );
}
