import { PAYMENT_METHOD_LABELS } from '@seamline/shared';
import { formatMoney } from '@seamline/ui';
import { CheckoutSection } from '../../../components/checkout/CheckoutSection';
import type { Checkout } from '../use-checkout';
import { CardFields } from './CardFields';

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
    default:
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
              <span className="text-sm font-medium">{PAYMENT_METHOD_LABELS[method]}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <MethodPanel checkout={checkout} />
    </CheckoutSection>
  );
}
