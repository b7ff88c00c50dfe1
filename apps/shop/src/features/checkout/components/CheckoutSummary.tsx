import type { OrderTotals } from '@seamline/shared';
import { formatMoney } from '@seamline/ui';
import { LineImage } from '../../../components/checkout/LineImage';
import { TotalsList } from '../../../components/checkout/TotalsList';
import type { CartLine } from '../../../lib/cart';
import { type CartPricing, pricedLineOf } from '../../../lib/cart-pricing';

type Props = {
  lines: readonly CartLine[];
  pricing: CartPricing | null;
  totals: OrderTotals | null;
  couponCode?: string;
};

/** The checkout's order summary: each line with its server price, then the totals. */
export function CheckoutSummary({ lines, pricing, totals, couponCode }: Props) {
  return (
    <div className="space-y-4">
      <ul className="space-y-3">
        {lines.map((line) => {
          const priced = pricedLineOf(pricing, line);
          return (
            <li key={`${line.productId}|${line.size}|${line.color}`} className="flex items-center gap-3 text-sm">
              <LineImage src={line.image ?? priced?.image} alt="" />
              <div className="min-w-0 flex-1">
                <p className="font-medium">{priced?.name ?? line.name}</p>
                <p className="text-stone-600">
                  {line.size} / {line.color} · Qty {line.quantity}
                </p>
              </div>
              <p className="font-medium">{priced ? formatMoney(priced.total) : '—'}</p>
            </li>
          );
        })}
      </ul>
      {totals ? <TotalsList totals={totals} couponCode={couponCode} /> : null}
    </div>
  );
}
