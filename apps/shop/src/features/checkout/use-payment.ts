import type { OrderTotals } from '@seamline/shared';
import { formatMoney } from '@seamline/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { errorMessage } from '../../lib/api';
import { cart } from '../../lib/cart';
import { CART_PRICING_KEY } from '../../lib/cart-pricing';
import {
  type Attempt,
  approvePayPal,
  type CheckoutInput,
  type CheckoutOutcome,
  placeAndPay,
  placeForPayPal,
} from './checkout-flow';
import { confirmedOrder, newIdempotencyKey } from './checkout-storage';
import type { PayPalApproval } from './components/PayPalPayment';

export type CheckoutNotice = { tone: 'error' | 'info'; text: string };

/** No answer (network): the same attempt is retried with the same keys; any answer ends the attempt. */
const unanswered = (failure: unknown) => failure instanceof Error && 'status' in failure && failure.status === 0;

/**
 * Paying: one attempt at a time (a double click is one order), its idempotency keys kept for a retry after no answer;
 * a paid or placed order opens the confirmation, anything else is told in a notice. A changed total goes to
 * `onTotalsChanged`. PayPal's button drives its own two steps (place, then approve) through `paypal`.
 */
export function usePayment(onTotalsChanged: (totals: OrderTotals) => void) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<CheckoutNotice | null>(null);
  const [busy, setBusy] = useState(false);
  const paying = useRef(false);
  const attempt = useRef<Attempt | null>(null);

  const newAttempt = () => {
    attempt.current ??= { orderKey: newIdempotencyKey(), payKey: newIdempotencyKey() };
    return attempt.current;
  };

  async function totalChanged(totals: OrderTotals) {
    onTotalsChanged(totals);
    await queryClient.invalidateQueries({ queryKey: CART_PRICING_KEY });
    setNotice({
      tone: 'info',
      text: `Prices changed since you opened checkout: your total is now ${formatMoney(totals.total)}. Check it and press Pay again.`,
    });
  }

  /** What an outcome shows: the confirmation (paid, placed, confirming, pending), a notice, or nothing (redirect). */
  async function show(outcome: CheckoutOutcome, retryHint: string) {
    switch (outcome.kind) {
      case 'paid':
      case 'placed':
      case 'confirming':
      case 'pending':
        confirmedOrder.save(
          outcome.order,
          outcome.kind === 'placed' ? outcome.bankTransfer : null,
          outcome.kind === 'confirming' || outcome.kind === 'pending' ? outcome.kind : null,
        );
        cart.clear();
        navigate(`/confirmation/${outcome.order.orderNumber}`);
        return;
      case 'redirected':
        return;
      case 'total-changed':
        await totalChanged(outcome.totals);
        return;
      case 'declined':
        setNotice({
          tone: 'error',
          text: `${outcome.message} Order ${outcome.order.orderNumber} is saved: ${retryHint}`,
        });
    }
  }

  async function payOrder(input: CheckoutInput) {
    paying.current = true;
    setBusy(true);
    setNotice(null);
    try {
      const outcome = await placeAndPay(input, newAttempt());
      attempt.current = null;
      await show(outcome, 'try another card.');
    } catch (failure) {
      if (!unanswered(failure)) attempt.current = null;
      setNotice({ tone: 'error', text: errorMessage(failure, 'We could not reach the store. Please try again.') });
    } finally {
      paying.current = false;
      setBusy(false);
    }
  }

  /** PayPal's createOrder: places our order once and answers its PayPal order id; a failure closes PayPal's window. */
  async function createPayPalOrder(input: CheckoutInput): Promise<string> {
    setNotice(null);
    try {
      const placed = await placeForPayPal(input, newAttempt());
      if (placed.kind === 'placed') return placed.paypalOrderId;
      attempt.current = null;
      await totalChanged(placed.totals);
      throw new Error('The total changed.');
    } catch (failure) {
      if (!unanswered(failure)) attempt.current = null;
      setNotice(
        (shown) =>
          shown ?? { tone: 'error', text: errorMessage(failure, 'We could not reach the store. Please try again.') },
      );
      throw failure;
    }
  }

  /** PayPal's onApprove: the store captures it; a declined funding source opens PayPal again (`retry`). */
  async function approvePayPalOrder(input: CheckoutInput, paypalOrderId: string): Promise<PayPalApproval> {
    setBusy(true);
    setNotice(null);
    const { payKey } = newAttempt();
    try {
      const outcome = await approvePayPal(input, paypalOrderId, payKey);
      attempt.current = null;
      await show(outcome, 'choose another way to pay in PayPal.');
      return outcome.kind === 'declined' ? 'retry' : 'done';
    } catch (failure) {
      if (!unanswered(failure)) attempt.current = null;
      setNotice({ tone: 'error', text: errorMessage(failure, 'We could not reach the store. Please try again.') });
      return 'done';
    } finally {
      setBusy(false);
    }
  }

  return {
    notice,
    busy,
    paying: () => paying.current,
    payOrder,
    createPayPalOrder,
    approvePayPalOrder,
    /** Tells the shopper something outside a payment attempt (PayPal's own errors, a card form not ready). */
    tell: setNotice,
  };
}
