import { formatMoney } from '@seamline/ui';
import type { Checkout } from '../use-checkout';
import { CheckoutSummary } from './CheckoutSummary';

/** Phones: the summary folds away above the form (its total stays in view); wide screens: a side column. */
export function OrderSummary({ checkout }: { checkout: Checkout }) {
  const { lines, priced, totals, coupon } = checkout;
  const summary = <CheckoutSummary lines={lines} pricing={priced} totals={totals} couponCode={coupon?.code} />;
  return (
    <>
      <details className="rounded-lg bg-stone-50 lg:hidden">
        <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-3 px-4 py-3 font-medium">
          <span>Show order summary</span>
          <span className="font-semibold">{totals ? formatMoney(totals.total) : ''}</span>
        </summary>
        <div className="px-4 pb-4">{summary}</div>
      </details>
      <aside
        aria-labelledby="summary-heading"
        className="hidden h-fit rounded-lg bg-stone-50 p-5 lg:sticky lg:top-20 lg:order-last lg:block"
      >
        <h2 id="summary-heading" className="mb-4 text-lg font-semibold">
          Order summary
        </h2>
        {summary}
      </aside>
    </>
  );
}
