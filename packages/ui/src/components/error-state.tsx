import { AlertTriangle, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../cn';
import { Button } from './button';

export type ErrorStateProps = {
  /** E.g. 'Error Loading Dashboard'. */
  title: string;
  message?: string;
  /** Shows the 'Try Again' button. */
  onRetry?: () => void;
  retrying?: boolean;
  /** Another way out beside 'Try Again', e.g. a link back to the dashboard. */
  action?: ReactNode;
  className?: string;
};

/** A full-area failure with a 'Try Again' button. */
export function ErrorState({ title, message, onRetry, retrying, action, className }: ErrorStateProps) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-xl border border-red-100 bg-surface px-6 py-14 text-center',
        className,
      )}
    >
      <div className="grid size-12 place-items-center rounded-full bg-red-50 text-danger">
        <AlertTriangle className="size-6" aria-hidden />
      </div>
      <div className="flex max-w-md flex-col gap-1">
        <h2 className="text-base font-semibold text-foreground">{title}</h2>
        {message ? <p className="text-sm text-muted-foreground">{message}</p> : null}
      </div>
      {onRetry || action ? (
        <div className="flex flex-wrap items-center justify-center gap-2">
          {onRetry ? (
            <Button variant="outline" onClick={onRetry} loading={retrying}>
              {retrying ? null : <RotateCcw aria-hidden />}
              Try Again
            </Button>
          ) : null}
          {action}
        </div>
      ) : null}
    </div>
  );
}
