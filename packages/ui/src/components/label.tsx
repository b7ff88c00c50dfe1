import type { ComponentProps } from 'react';
import { cn } from '../cn';

/** A plain <label>: no Radix here, so a form field costs a storefront page no extra script. */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return (
    <label className={cn('text-sm font-medium text-label peer-disabled:cursor-not-allowed', className)} {...props} />
  );
}
