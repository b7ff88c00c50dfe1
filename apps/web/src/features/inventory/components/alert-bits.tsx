import type { AlertStatus } from '@seamline/shared';
import { ImageOff } from 'lucide-react';
import { Badge, type BadgeVariant } from '../../../components/ui';

export const ALERT_BADGE: Record<AlertStatus, BadgeVariant> = {
  'Out of Stock': 'danger',
  Critical: 'warning',
  'Low Stock': 'info',
};

export function AlertBadge({ status }: { status: AlertStatus }) {
  return <Badge variant={ALERT_BADGE[status]}>{status}</Badge>;
}

export function Thumb({ src, alt }: { src: string | null | undefined; alt: string }) {
  return (
    <div className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-md bg-slate-100">
      {src ? (
        <img src={src} alt={alt} className="size-full object-cover" loading="lazy" />
      ) : (
        <ImageOff className="size-4 text-slate-400" aria-hidden />
      )}
    </div>
  );
}
