import clsx from 'clsx';
import type { ReactNode } from 'react';

/**
 * A message about the whole form or page. Errors are an alert (read at once), good news a status; the live region is
 * always rendered so screen readers announce the text when it appears.
 */
export function Notice({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={clsx(
        children ? 'rounded-md border px-4 py-3 text-sm' : 'sr-only',
        tone === 'error' && 'border-sale/40 bg-red-50 text-sale',
        tone === 'success' && 'border-emerald-700/30 bg-emerald-50 text-emerald-900',
        tone === 'info' && 'border-stone-300 bg-stone-50 text-stone-700',
      )}
    >
      {children}
    </div>
  );
}
