import { Button, Notice } from '@seamline/ui';
import { Link } from 'wouter';
import { TotalsList } from '../../../components/checkout/TotalsList';
import { FailedRead } from '../../../components/QueryState';
import { useCart } from '../../../lib/cart';
import { pricedLineOf, useCartPricing } from '../../../lib/cart-pricing';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CartLineRow } from '../components/CartLineRow';

/** The cart: every line priced by the server, its quantity and removal, stock problems per line, the totals. */
export default function CartPage() {
  useDocumentTitle('Your cart');
  const lines = useCart();
  const pricing = useCartPricing(lines);
  const problems = pricing.data?.problems ?? new Map<number, string>();
  const priced = pricing.data?.priced;

  if (lines.length === 0)
    return (
      <div className="mx-auto max-w-xl py-12 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">Your cart is empty</h1>
        <p className="mt-2 text-stone-600">Find something you like and add it here.</p>
        <Button asChild size="xl" className="mt-6 text-base">
          <Link href="/">Continue shopping</Link>
        </Button>
      </div>
    );

  const blocked = problems.size > 0 || pricing.isError || !priced;
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
      <section aria-labelledby="cart-heading">
        <h1 id="cart-heading" className="text-2xl font-semibold tracking-tight">
          Your cart
        </h1>
        <ul className="mt-4 border-t border-stone-200">
          {lines.map((line, index) => (
            <CartLineRow
              key={`${line.productId}|${line.size}|${line.color}`}
              line={line}
              priced={problems.has(index) ? undefined : pricedLineOf(priced, line)}
              problem={problems.get(index)}
            />
          ))}
        </ul>
      </section>
      <aside aria-labelledby="summary-heading" className="h-fit rounded-lg bg-stone-50 p-5 lg:sticky lg:top-20">
        <h2 id="summary-heading" className="mb-4 text-lg font-semibold">
          Order summary
        </h2>
        <div aria-live="polite" className="space-y-4">
          {pricing.isError ? (
            <FailedRead
              error={pricing.error}
              fallback="We could not price your cart. Please try again."
              onRetry={() => pricing.refetch()}
            />
          ) : null}
          {problems.size > 0 ? (
            <Notice tone="error">
              {problems.size === 1 ? 'One item needs your attention' : `${problems.size} items need your attention`}:
              change the quantity or remove it to check out.
            </Notice>
          ) : null}
          {priced ? <TotalsList totals={{ ...priced, discount: 0 }} estimate /> : null}
          {pricing.isPending ? <p className="text-sm text-stone-600">Pricing your cart…</p> : null}
        </div>
        <p className="mt-3 text-xs text-stone-600">Coupons and shipping options are chosen at checkout.</p>
        {blocked ? (
          <Button asChild size="xl" fullWidth className="mt-4 cursor-not-allowed text-base opacity-60 hover:bg-primary">
            <span aria-disabled="true">Check out</span>
          </Button>
        ) : (
          <Button asChild size="xl" fullWidth className="mt-4 text-base">
            <Link href="/checkout">Check out</Link>
          </Button>
        )}
      </aside>
    </div>
  );
}
