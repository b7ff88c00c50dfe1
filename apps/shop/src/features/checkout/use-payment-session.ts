import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { type CheckoutInput, openPaymentSession, type PaymentSession, sessionRequestOf } from './checkout-flow';

/** How long the checkout waits after the last change (typing the address) before opening a session for it. */
export const SESSION_DELAY_MS = 700;

export type PaymentSessionState = { session: PaymentSession; error: null } | { session: null; error: string };

/**
 * The checkout session for the checkout as it stands (`null` while it is incomplete): opened a moment after the last
 * change, and again for any change of the cart, e-mail, address, shipping, coupon or method — the intent's amount is
 * the order's total. Null until the session for the current checkout has answered.
 */
export function usePaymentSession(
  checkout: Omit<CheckoutInput, 'shownTotal' | 'cardToken' | 'stripe'> | null,
): PaymentSessionState | null {
  const key = checkout ? JSON.stringify(sessionRequestOf(checkout)) : null;
  const [answer, setAnswer] = useState<{ key: string; state: PaymentSessionState } | null>(null);

  useEffect(() => {
    if (!key) return;
    let current = true;
    const timer = setTimeout(() => {
      openPaymentSession(JSON.parse(key)).then(
        (session) => current && setAnswer({ key, state: { session, error: null } }),
        (failure: unknown) =>
          current &&
          setAnswer({
            key,
            state: {
              session: null,
              error: errorMessage(failure, 'We could not open the card payment. Please try again.'),
            },
          }),
      );
    }, SESSION_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key]);

  return answer && answer.key === key ? answer.state : null;
}
