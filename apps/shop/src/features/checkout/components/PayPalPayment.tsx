import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { Notice } from '@seamline/ui';

/** What the shopper's approval asks of the checkout: `retry` lets them choose another PayPal funding source. */
export type PayPalApproval = 'done' | 'retry';

type Props = {
  /** The PayPal REST app's client id (public; the server hands it to the shop with the payment settings). */
  clientId: string;
  /** Places our order and answers the PayPal order id of its payment session (the intent's id). */
  createOrder: () => Promise<string>;
  /**
   * The shopper approved the PayPal order: confirm it through our server (POST /payments/confirm captures it). Answer
   * `retry` when the capture was declined (PayPal's INSTRUMENT_DECLINED): the PayPal window opens again for another
   * funding source; `done` otherwise (paid, or the checkout shows its own message).
   */
  onApprove: (paypalOrderId: string) => Promise<PayPalApproval>;
  /** The shopper closed the PayPal window without paying (our order waits, unpaid, like an abandoned card form). */
  onCancel?: () => void;
  /** PayPal's script or button failed; the message is for the shopper. */
  onError: (message: string) => void;
  /** While the checkout form is invalid or busy. */
  disabled?: boolean;
};

/**
 * The PayPal button of the checkout. Use it in the payment step when the shop's payment settings offer PayPal:
 *
 *   <PayPalPayment clientId={paypal.clientId} createOrder={placeOrderAndGetPayPalOrderId}
 *     onApprove={confirmThroughServer} onError={showError} />
 *
 * `createOrder` must place our order first and return the PayPal order id the server created for it; the browser
 * never creates PayPal orders itself. Amounts are USD, captured at once (intent capture).
 */
export function PayPalPayment({ clientId, ...buttons }: Props) {
  return (
    <PayPalScriptProvider options={{ clientId, currency: 'USD', intent: 'capture' }}>
      <PayPalButtonsState {...buttons} />
    </PayPalScriptProvider>
  );
}

function PayPalButtonsState({ createOrder, onApprove, onCancel, onError, disabled }: Omit<Props, 'clientId'>) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  if (isRejected) return <Notice tone="error">PayPal could not be loaded. Check your connection and try again.</Notice>;
  return (
    <div className="flex flex-col gap-2" aria-busy={isPending}>
      {isPending && <p className="text-sm text-stone-600">Loading PayPal…</p>}
      <PayPalButtons
        style={{ layout: 'vertical', shape: 'rect', label: 'paypal' }}
        disabled={disabled}
        forceReRender={[disabled]}
        createOrder={() => createOrder()}
        onApprove={async (data, actions) => {
          if ((await onApprove(data.orderID)) === 'retry') actions.restart();
        }}
        onCancel={() => onCancel?.()}
        onError={() => onError('The PayPal payment did not go through. Try again or choose another payment method.')}
      />
    </div>
  );
}
