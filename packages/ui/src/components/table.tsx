import type { ComponentProps } from 'react';
import { cn } from '../cn';

/** A bordered, horizontally scrollable table; compose with TableHeader/Body/Row/Head/Cell. */
/**
 * A table that scrolls sideways inside its own box on a narrow screen. The box is `relative` so absolutely placed
 * content in the cells (the `sr-only` header texts) is clipped by it instead of widening the whole page.
 */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <div className="relative w-full overflow-x-auto rounded-xl border border-border bg-surface">
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('border-b border-border bg-slate-50/80', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('divide-y divide-slate-100', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      className={cn('transition-colors hover:bg-slate-50/70 data-[state=selected]:bg-indigo-50/60', className)}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      className={cn(
        'h-10 px-4 text-left align-middle text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase',
        className,
      )}
      {...props}
    />
  );
}

/** The header of a row-actions column: named for screen readers, blank on screen. */
export function TableActionsHead() {
  return (
    <TableHead>
      <span className="sr-only">Actions</span>
    </TableHead>
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-4 py-3 align-middle text-slate-700', className)} {...props} />;
}
