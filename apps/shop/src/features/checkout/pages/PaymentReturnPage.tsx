import { Button } from '@seamline/ui';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'wouter';
import { cart } from '../../../lib/cart';
import { SHOP_BASE } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** How the bank's page (3-D Secure, a redirecting payment method) ended, from Stripe's `redirect_status`. */
export function returnOutcome(redirectStatus: string | null): 'received' | 'failed' {
  return redirectStatus === 'succeeded' || redirectStatus === 'processing' ? 'received' : 'failed';
}

/**
 * /checkout/return — where Stripe sends the shopper back after 3-D Secure or a bank's page, with
 * `?payment_intent=…&payment_intent_client_secret=…&redirect_status=…&order=<order number>`. It only tells the
 * shopper how it went: the server settles the order from Stripe's webhook, never from this page (its address can be
 * typed by anyone). A received payment empties the cart; a failed one leads back to checkout to pay again.
 */
export default function PaymentReturnPage() {
  const [params] = useSearchParams();
  const orderNumber = params.get('order') ?? '';
  const outcome = returnOutcome(params.get('redirect_status'));
  const received = outcome === 'received';
  useDocumentTitle(received ? 'Payment received' : 'Payment not completed');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (received) cart.clear();
  }, [received]);
  const order = orderNumber ? (
    <>
      {' '}
      for order <span data-testid="order-number">{orderNumber}</span>
    </>
  ) : null;

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      {received ? (
        <div>
          <p className="text-sm text-stone-600">Thank you for your order</p>
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none">
            Payment received — we are confirming your order
          </h1>
          <p className="mt-2 text-stone-600">
            Your bank accepted the payment{order}. The order is confirmed as soon as the payment reaches us, usually
            within a minute, and your receipt and shipping updates follow by e-mail.
          </p>
        </div>
      ) : (
        <div>
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none">
            Your payment did not go through
          </h1>
          <p className="mt-2 text-stone-600" role="alert">
            The payment{order} was not completed and you have not been charged. Go back to checkout to try again or to
            pay with another card.
          </p>
        </div>
      )}
      <div className="flex flex-wrap gap-3">
        {received ? (
          <>
            {orderNumber ? (
              <Button asChild variant="outline" size="xl" className="text-base">
                <Link href={`~${SHOP_BASE}/track?order=${encodeURIComponent(orderNumber)}`}>Track your order</Link>
              </Button>
            ) : null}
            <Button asChild size="xl" className="text-base">
              <Link href={`~${SHOP_BASE}/`}>Continue shopping</Link>
            </Button>
          </>
        ) : (
          <Button asChild size="xl" className="text-base">
            <Link href={`~${SHOP_BASE}/checkout`}>Back to checkout</Link>
          </Button>
        )}
      </div>
    </div>
  );
}
