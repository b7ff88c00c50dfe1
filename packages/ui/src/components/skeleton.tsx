import type { ComponentProps } from 'react';
import { cn } from '../cn';

/** A grey pulsing block; size it with classes (`h-4 w-32`). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-slate-200', className)} {...props} />;
}
