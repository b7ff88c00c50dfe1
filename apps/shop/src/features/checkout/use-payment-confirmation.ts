import { useEffect, useState } from 'react';
import { readOrder } from './api';
import { type ConfirmedOrder, confirmedOrder } from './checkout-storage';

/** How often, and how many times, the confirmation asks whether Stripe's payment reached the store (about a minute). */
export const PAYMENT_POLL_MS = 2_000;
export const PAYMENT_POLL_TRIES = 30;

/**
 * Where a payment Stripe took stands: `confirming` while the page checks the order every 2 s (Stripe's webhook marks
 * it paid, usually within seconds), `paid` once it is (the saved confirmation is updated), `slow` after about a minute
 * without it (the shopper is told it is still being confirmed). `settled` for any order not waiting on Stripe.
 */
export function usePaymentConfirmation(order: ConfirmedOrder | null): 'settled' | 'confirming' | 'paid' | 'slow' {
  const waiting = order?.payment === 'confirming' && order.paymentStatus !== 'paid';
  const [state, setState] = useState<'confirming' | 'paid' | 'slow'>('confirming');
  const orderNumber = order?.orderNumber;

  useEffect(() => {
    if (!waiting || !orderNumber) return;
    const saved = confirmedOrder.read(orderNumber);
    if (!saved) return;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current = true;
    const check = async () => {
      tries += 1;
      try {
        const fresh = await readOrder(saved, saved.customer ? null : (saved.guestEmail ?? saved.email));
        if (!current) return;
        if (fresh.paymentStatus === 'paid') {
          confirmedOrder.save(fresh, null, null);
          setState('paid');
          return;
        }
      } catch {
        // No answer or a passing failure: the next check tries again.
      }
      if (!current) return;
      if (tries >= PAYMENT_POLL_TRIES) setState('slow');
      else timer = setTimeout(check, PAYMENT_POLL_MS);
    };
    timer = setTimeout(check, PAYMENT_POLL_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [waiting, orderNumber]);

  return waiting ? state : 'settled';
}
