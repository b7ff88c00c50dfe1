import type { PaymentMethod } from '@seamline/shared';
import { formatMoney, Notice } from '@seamline/ui';
import { CheckoutSection } from '../../../components/checkout/CheckoutSection';
import type { Checkout } from '../use-checkout';
import { CardFields } from './CardFields';
import { PayPalPayment } from './PayPalPayment';
import { StripePayment } from './StripePayment';

/** The methods as shoppers know them (the shared labels are the staff's, naming the card provider). */
export const SHOP_PAYMENT_LABELS: Record<PaymentMethod, string> = {
  stripe: 'Card',
  paypal: 'PayPal',
  cash: 'Cash on Delivery',
  bank_transfer: 'Bank Transfer',
};

/** Cards through Stripe: the Payment Element once the session for the checkout as it stands is open. */
function StripePanel({ stripe, checkout }: { stripe: NonNullable<Checkout['stripe']>; checkout: Checkout }) {
  const { session } = stripe;
  if (session && session.error !== null) return <Notice tone="error">{session.error}</Notice>;
  if (!session)
    return (
      <p
        className="rounded-md border border-dashed border-stone-300 p-4 text-sm text-stone-600"
        data-testid="card-waiting"
      >
        The card form opens here once your contact and shipping details are in.
      </p>
    );
  const clientSecret = session.session.paymentIntent?.clientSecret;
  if (!clientSecret)
    return <Notice tone="error">The store opened no card payment for this order. Please try again.</Notice>;
  return (
    <StripePayment
      publishableKey={stripe.publishableKey}
      clientSecret={clientSecret}
      onReady={(confirm) => checkout.onStripeReady(clientSecret, confirm)}
    />
  );
}

/** What the shopper fills in or reads for the chosen method: the one place that shows each method's own part. */
function MethodPanel({ checkout }: { checkout: Checkout }) {
  const options = checkout.paymentOptions;
  switch (checkout.paymentMethod) {
    case 'cash':
      return (
        <p className="text-sm text-stone-600" data-testid="cash-note">
          You pay in cash when the courier hands you the parcel.
          {options?.cashMaxTotal != null ? ` Available for orders up to ${formatMoney(options.cashMaxTotal)}.` : ''}
        </p>
      );
    case 'bank_transfer':
      return (
        <p className="text-sm text-stone-600" data-testid="bank-transfer-note">
          After you place the order you get our bank details and your order's reference.
          {options?.bankTransferDays != null
            ? ` We keep your items for ${options.bankTransferDays} days while we wait for the transfer.`
            : ''}
        </p>
      );
    case 'paypal':
      return checkout.paypal ? (
        <PayPalPayment
          clientId={checkout.paypal.clientId}
          createOrder={checkout.paypal.createOrder}
          onApprove={checkout.paypal.onApprove}
          onCancel={checkout.paypal.onCancel}
          onError={checkout.paypal.onError}
          disabled={checkout.busy || !checkout.totals || checkout.problems > 0}
        />
      ) : (
        <Notice tone="error">PayPal is not available right now. Please choose another payment method.</Notice>
      );
    default:
      if (checkout.stripe) return <StripePanel stripe={checkout.stripe} checkout={checkout} />;
      return <CardFields register={checkout.register} errors={checkout.errors.card} />;
  }
}

/** How to pay: the methods the store offers (a choice when there is more than one), then the chosen method's part. */
export function PaymentSection({ checkout }: { checkout: Checkout }) {
  const methods = checkout.paymentMethods;
  return (
    <CheckoutSection title="Payment" id="payment-heading">
      {methods.length > 1 ? (
        <fieldset className="mb-4 space-y-2">
          <legend className="sr-only">Payment method</legend>
          {methods.map((method) => (
            <label
              key={method}
              className="flex cursor-pointer items-center gap-3 rounded-md border border-stone-300 p-3 has-checked:border-ink"
            >
              <input
                type="radio"
                name="payment-method"
                value={method}
                checked={checkout.paymentMethod === method}
                onChange={() => checkout.changePaymentMethod(method)}
              />
              <span className="text-sm">
                <span className="block font-medium">{SHOP_PAYMENT_LABELS[method]}</span>
                {method === 'stripe' && checkout.paymentOptions?.testMode ? (
                  <span className="block text-xs text-stone-600">(test mode)</span>
                ) : null}
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <MethodPanel checkout={checkout} />
    </CheckoutSection>
  );
}
