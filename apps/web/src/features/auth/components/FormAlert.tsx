import { cn } from '@seamline/ui';
import { AlertCircle, CheckCircle2, Info } from 'lucide-react';
import type { ReactNode } from 'react';

const TONES = {
  error: { icon: AlertCircle, classes: 'border-red-200 bg-red-50 text-red-800', iconClass: 'text-red-600' },
  success: {
    icon: CheckCircle2,
    classes: 'border-emerald-200 bg-emerald-50 text-emerald-800',
    iconClass: 'text-emerald-600',
  },
  info: { icon: Info, classes: 'border-sky-200 bg-sky-50 text-sky-800', iconClass: 'text-sky-600' },
};

/** A message above a sign-in form (server error, success note, staff-only notice). */
export function FormAlert({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  const { icon: Icon, classes, iconClass } = TONES[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('mb-5 flex gap-2.5 rounded-lg border p-3 text-sm', classes)}
    >
      <Icon className={cn('mt-0.5 size-4 shrink-0', iconClass)} aria-hidden />
      <div>{children}</div>
    </div>
  );
}
