import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

// The focus mark keys on :focus-within, not :focus-visible: in a date field the keyboard focuses a part inside the
// browser's own field (month, day, year) and Chromium then never matches :focus-visible on the field itself.
export const fieldClasses =
  'w-full rounded-lg border border-control-border bg-white text-sm text-slate-900 shadow-xs transition-colors placeholder:text-slate-400 hover:border-slate-400 focus-within:border-indigo-500 focus-within:outline-none focus-within:ring-3 focus-within:ring-indigo-500/20 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 aria-invalid:border-red-500 aria-invalid:focus-within:ring-red-500/20';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(fieldClasses, 'h-9 px-3', className)} {...props} />;
}
