import type { CouponStatus } from '@seamline/shared';
import { Avatar, Badge, Button, Card, CardContent, formatDate, formatMoney } from '@seamline/ui';
import { CalendarDays, Pencil, Trash2 } from 'lucide-react';
import type { Coupon } from '../api';

const STATUS_VARIANT: Record<CouponStatus, 'success' | 'danger' | 'warning' | 'info' | 'neutral'> = {
  Active: 'success',
  Expired: 'danger',
  'Usage Exceeded': 'warning',
  'Not Started': 'info',
  Inactive: 'neutral',
};
const TYPE_LABEL = { percentage: 'Percentage', fixed: 'Fixed Amount', free_shipping: 'Free Shipping' } as const;

function valueLabel(coupon: Coupon): string {
  if (coupon.type === 'percentage') return `${coupon.value}% off`;
  if (coupon.type === 'fixed') return `${formatMoney(coupon.value)} off`;
  return 'Free shipping';
}

type Props = { coupon: Coupon; canEdit: boolean; onEdit(): void; onDelete(): void };

export function CouponCard({ coupon, canEdit, onEdit, onDelete }: Props) {
  const usedShare = Math.min(100, (coupon.usedCount / Math.max(1, coupon.usageLimit)) * 100);
  return (
    <Card data-testid="coupon-card" className="flex flex-col">
      <CardContent className="flex flex-1 flex-col gap-4 p-5">
        <div className="flex items-start gap-3">
          <Avatar seed={coupon.code} name={coupon.name} size={40} />
          <div className="min-w-0 flex-1">
            <h3 className="truncate font-semibold text-slate-900">{coupon.name}</h3>
            <p className="font-mono text-sm tracking-wider text-indigo-600">{coupon.code}</p>
          </div>
          <Badge variant={STATUS_VARIANT[coupon.status]}>{coupon.status}</Badge>
        </div>
        {coupon.description ? <p className="line-clamp-2 text-sm text-slate-600">{coupon.description}</p> : null}
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-slate-500">Type</dt>
            <dd className="font-medium text-slate-900">{TYPE_LABEL[coupon.type]}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Value</dt>
            <dd className="font-medium text-slate-900">{valueLabel(coupon)}</dd>
          </div>
          <div className="col-span-2">
            <dt className="flex justify-between text-slate-500">
              <span>Usage</span>
              <span className="font-medium text-slate-900">
                {coupon.usedCount}/{coupon.usageLimit}
              </span>
            </dt>
            <dd className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-100">
              <div className="h-full rounded-full bg-indigo-500" style={{ width: `${usedShare}%` }} />
            </dd>
          </div>
        </dl>
        <p className="flex items-center gap-1.5 text-xs text-slate-500">
          <CalendarDays className="size-3.5" aria-hidden />
          {formatDate(coupon.startDate)} – {formatDate(coupon.endDate)}
        </p>
        {canEdit ? (
          <div className="mt-auto flex gap-2 border-t border-slate-100 pt-3">
            <Button variant="outline" size="sm" className="flex-1" onClick={onEdit} aria-label={`Edit ${coupon.name}`}>
              <Pencil className="size-4" aria-hidden /> Edit
            </Button>
            <Button
              variant="outline"
              size="sm"
              className="flex-1 text-red-600 hover:bg-red-50"
              onClick={onDelete}
              aria-label={`Delete ${coupon.name}`}
            >
              <Trash2 className="size-4" aria-hidden /> Delete
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
