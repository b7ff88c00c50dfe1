import type { OrderTotals } from '@seamline/shared';
import { formatMoney } from '@seamline/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { errorMessage } from '../../lib/api';
import { cart } from '../../lib/cart';
import { CART_PRICING_KEY } from '../../lib/cart-pricing';
import { type Attempt, type CheckoutInput, placeAndPay } from './checkout-flow';
import { confirmedOrder, newIdempotencyKey } from './checkout-storage';

export type CheckoutNotice = { tone: 'error' | 'info'; text: string };

/**
 * Paying: one attempt at a time (a double click is one order), its idempotency keys kept for a retry after no answer;
 * a paid order opens the confirmation, anything else is told in a notice. A changed total goes to `onTotalsChanged`.
 */
export function usePayment(onTotalsChanged: (totals: OrderTotals) => void) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<CheckoutNotice | null>(null);
  const [busy, setBusy] = useState(false);
  const paying = useRef(false);
  const attempt = useRef<Attempt | null>(null);

  async function payOrder(input: CheckoutInput) {
    paying.current = true;
    setBusy(true);
    setNotice(null);
    attempt.current ??= { orderKey: newIdempotencyKey(), payKey: newIdempotencyKey() };
    try {
      const outcome = await placeAndPay(input, attempt.current);
      attempt.current = null;
      if (outcome.kind === 'paid' || outcome.kind === 'placed') {
        confirmedOrder.save(outcome.order, outcome.kind === 'placed' ? outcome.bankTransfer : null);
        cart.clear();
        navigate(`/confirmation/${outcome.order.orderNumber}`);
        return;
      }
      if (outcome.kind === 'total-changed') {
        onTotalsChanged(outcome.totals);
        await queryClient.invalidateQueries({ queryKey: CART_PRICING_KEY });
        setNotice({
          tone: 'info',
          text: `Prices changed since you opened checkout: your total is now ${formatMoney(outcome.totals.total)}. Check it and press Pay again.`,
        });
        return;
      }
      setNotice({
        tone: 'error',
        text: `${outcome.message} Order ${outcome.order.orderNumber} is saved: try another card.`,
      });
    } catch (failure) {
      // No answer (network): the same attempt is retried with the same keys; any answer ends the attempt.
      if (!(failure instanceof Error && 'status' in failure && failure.status === 0)) attempt.current = null;
      setNotice({ tone: 'error', text: errorMessage(failure, 'We could not reach the store. Please try again.') });
    } finally {
      paying.current = false;
      setBusy(false);
    }
  }

  return { notice, busy, paying: () => paying.current, payOrder };
}
