import type { ComponentProps } from 'react';
import { cn } from '../cn';

// The focus mark keys on :focus-within, not :focus-visible: in a date field the keyboard focuses a part inside the
// browser's own field (month, day, year) and Chromium then never matches :focus-visible on the field itself.
export const fieldClasses =
  'w-full rounded-control border border-control-border bg-surface text-sm text-foreground shadow-xs transition-colors placeholder:text-subtle-foreground hover:border-control-border-hover focus-within:border-primary-ring focus-within:outline-none focus-within:ring-3 focus-within:ring-primary-ring/20 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-muted-foreground aria-invalid:border-invalid-border aria-invalid:focus-within:ring-red-500/20';

/** Field heights: xl is the 44 px tap target of touch screens (the storefront), as Button's. */
export const controlHeights = { md: 'h-9', xl: 'h-11 text-base' };

export type InputProps = ComponentProps<'input'> & {
  controlSize?: keyof typeof controlHeights;
};

export function Input({ className, type = 'text', controlSize = 'md', ...props }: InputProps) {
  return <input type={type} className={cn(fieldClasses, controlHeights[controlSize], 'px-3', className)} {...props} />;
}
