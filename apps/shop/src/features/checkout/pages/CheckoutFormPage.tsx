import { Button, Notice } from '@seamline/ui';
import { Link } from 'wouter';
import { FailedRead } from '../../../components/QueryState';
import { shopHref } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AddressSection } from '../components/AddressSection';
import { ContactSection } from '../components/ContactSection';
import { CouponSection } from '../components/CouponSection';
import { OrderSummary } from '../components/OrderSummary';
import { PaymentSection } from '../components/PaymentSection';
import { ShippingSection } from '../components/ShippingSection';
import { useCheckout } from '../use-checkout';

function EmptyCart() {
  return (
    <div className="mx-auto max-w-xl py-12 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">Checkout</h1>
      <p className="mt-2 text-stone-600">Your cart is empty.</p>
      <Button asChild size="xl" className="mt-6 text-base">
        <Link href={shopHref('/')}>Continue shopping</Link>
      </Button>
    </div>
  );
}

/** Checkout as a guest or signed in: contact, address, shipping, coupon, card, pay; then the confirmation. */
export default function CheckoutFormPage() {
  useDocumentTitle('Checkout');
  const checkout = useCheckout();
  const { lines, problems, pricing, notice, busy, totals } = checkout;
  if (lines.length === 0) return <EmptyCart />;

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_24rem]">
      <OrderSummary checkout={checkout} />
      <form noValidate aria-labelledby="checkout-heading" className="space-y-6" onSubmit={checkout.pay}>
        <h1 id="checkout-heading" className="text-2xl font-semibold tracking-tight">
          Checkout
        </h1>
        {problems > 0 ? (
          <Notice tone="error">
            Some items in your cart need attention.{' '}
            <Link href={shopHref('/cart')} className="underline">
              Review your cart
            </Link>
          </Notice>
        ) : null}
        {pricing.isError ? (
          <FailedRead
            error={pricing.error}
            fallback="We could not price your cart."
            onRetry={() => pricing.refetch()}
          />
        ) : null}
        <ContactSection checkout={checkout} />
        <AddressSection checkout={checkout} />
        <ShippingSection checkout={checkout} />
        <CouponSection checkout={checkout} />
        <PaymentSection checkout={checkout} />
        <div aria-live="assertive">{notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}</div>
        {checkout.paypal ? null : (
          <Button type="submit" size="xl" fullWidth disabled={busy || !totals || problems > 0} aria-busy={busy}>
            {busy ? 'Processing…' : checkout.submitLabel}
          </Button>
        )}
      </form>
    </div>
  );
}
