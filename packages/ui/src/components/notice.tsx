import type { ReactNode } from 'react';
import { cn } from '../cn';

const tones = {
  error: 'border-danger/40 bg-red-50 text-danger',
  success: 'border-emerald-700/30 bg-emerald-50 text-emerald-900',
  info: 'border-border bg-muted text-foreground',
};

/**
 * A message about a whole form or page. Errors are an alert (read at once), the rest a status. The live region is
 * rendered even while empty (visually hidden) so screen readers announce the text when it appears.
 */
export function Notice({
  tone,
  className,
  children,
}: {
  tone: keyof typeof tones;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(children ? ['rounded-control border px-4 py-3 text-sm', tones[tone]] : 'sr-only', className)}
    >
      {children}
    </div>
  );
}
