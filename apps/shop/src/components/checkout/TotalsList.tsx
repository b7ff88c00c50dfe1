import type { OrderTotals } from '@seamline/shared';
import { formatMoney } from '@seamline/ui';

type Props = {
  totals: OrderTotals;
  /** The coupon's code when one is applied (shown beside the discount). */
  couponCode?: string | null;
  /** Shipping not chosen yet (the cart): labelled as an estimate. */
  estimate?: boolean;
};

/** Subtotal, discount, shipping, tax and total as the server priced them (docs/domain.md § Domain rules). */
export function TotalsList({ totals, couponCode, estimate = false }: Props) {
  const rows: [string, string][] = [['Subtotal', formatMoney(totals.subtotal)]];
  if (totals.discount > 0)
    rows.push([couponCode ? `Discount (${couponCode})` : 'Discount', `−${formatMoney(totals.discount)}`]);
  rows.push([
    estimate ? 'Shipping (standard)' : 'Shipping',
    totals.shipping === 0 ? 'Free' : formatMoney(totals.shipping),
  ]);
  rows.push([estimate ? 'Estimated tax' : 'Tax', formatMoney(totals.tax)]);
  return (
    <dl className="space-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-stone-600">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-stone-200 pt-3 text-base font-semibold">
        <dt>Total</dt>
        <dd data-testid="order-total">
          <span className="mr-1 text-xs font-normal text-stone-600">USD</span>
          {formatMoney(totals.total)}
        </dd>
      </div>
    </dl>
  );
}
