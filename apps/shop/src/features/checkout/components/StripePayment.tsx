import { Notice, Skeleton } from '@seamline/ui';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState } from 'react';
import { SHOP_BASE } from '../../../lib/paths';

/** How a confirmation ended: paid, paid but still settling, on its way to the bank's page, or refused (and why). */
export type StripeConfirmation =
  | { kind: 'succeeded' | 'processing' | 'redirected' }
  | { kind: 'failed'; message: string };

/** Confirms the intent with what the shopper typed; `returnUrl` is where a 3-D Secure or bank redirect comes back. */
export type ConfirmStripePayment = (returnUrl: string) => Promise<StripeConfirmation>;

const DECLINED = 'Your payment was not completed. Try again or use another card.';
const UNREACHABLE = 'We could not reach the card payment service. Check your connection and try again.';

// Stripe.js is fetched from Stripe the first time a key is used (the `pure` entry: a shop paying through the built-in
// test provider never loads it), once per key; a load that failed is tried again next time.
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripe.catch(() => loaded.delete(publishableKey));
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

/** The page Stripe sends the shopper back to after 3-D Secure or a bank's page (PaymentReturnPage). */
export function stripeReturnUrl(orderNumber: string) {
  return `${window.location.origin}${SHOP_BASE}/checkout/return?order=${encodeURIComponent(orderNumber)}`;
}

/**
 * Card payment through Stripe: Stripe's Payment Element for an intent's client secret (card details go from the
 * shopper's browser to Stripe, never through our server), and the means to confirm it.
 *
 * Use: once the order and its Stripe intent exist, render
 *   <StripePayment publishableKey={key} clientSecret={intent.clientSecret} onReady={(confirm) => (confirmRef.current = confirm)} />
 * and on Pay call `await confirmRef.current(stripeReturnUrl(order.orderNumber))`:
 * - `succeeded` / `processing`: paid; the server settles the order from Stripe's webhook, so show the confirmation.
 * - `failed`: show `message`; the shopper may correct the card and confirm again with the same intent.
 * - `redirected`: the browser is leaving for the bank and comes back to the return page; do nothing more.
 * `onReady` is called again when the intent (client secret) changes.
 */
export function StripePayment({
  publishableKey,
  clientSecret,
  onReady,
}: {
  publishableKey: string;
  clientSecret: string;
  onReady: (confirm: ConfirmStripePayment) => void;
}) {
  const stripe = stripeFor(publishableKey);
  const [loadFailed, setLoadFailed] = useState(false);
  useEffect(() => {
    let current = true;
    setLoadFailed(false);
    stripe.then(
      (loadedStripe) => current && !loadedStripe && setLoadFailed(true),
      () => current && setLoadFailed(true),
    );
    return () => {
      current = false;
    };
  }, [stripe]);

  if (loadFailed) return <Notice tone="error">{UNREACHABLE}</Notice>;
  // An Elements group is bound to one client secret: a new intent mounts a new one.
  return (
    <Elements key={clientSecret} stripe={stripe} options={{ clientSecret }}>
      <PaymentFields onReady={onReady} />
    </Elements>
  );
}

function PaymentFields({ onReady }: { onReady: (confirm: ConfirmStripePayment) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  return (
    <div className="space-y-3">
      {state === 'loading' ? <Skeleton className="h-40 w-full" /> : null}
      {state === 'failed' ? <Notice tone="error">{UNREACHABLE}</Notice> : null}
      <PaymentElement
        options={{ layout: 'tabs' }}
        onReady={() => {
          if (!stripe || !elements) return;
          setState('ready');
          onReady((returnUrl) => confirmStripePayment(stripe, elements, returnUrl));
        }}
        onLoadError={() => setState('failed')}
      />
    </div>
  );
}

/** Confirms with Stripe.js, staying on the page unless the payment method needs a redirect. */
export async function confirmStripePayment(
  stripe: Stripe,
  elements: StripeElements,
  returnUrl: string,
): Promise<StripeConfirmation> {
  try {
    const result = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: returnUrl },
      redirect: 'if_required',
    });
    if (result.error) return { kind: 'failed', message: result.error.message || DECLINED };
    switch (result.paymentIntent.status) {
      case 'succeeded':
        return { kind: 'succeeded' };
      case 'processing':
      case 'requires_capture':
        return { kind: 'processing' };
      case 'requires_payment_method':
      case 'canceled':
        return {
          kind: 'failed',
          message: result.paymentIntent.last_payment_error?.message || DECLINED,
        };
      default:
        return { kind: 'redirected' };
    }
  } catch {
    return { kind: 'failed', message: UNREACHABLE };
  }
}
