import { CheckoutSection } from '../../../components/checkout/CheckoutSection';
import type { Checkout } from '../use-checkout';
import { CardFields } from './CardFields';

/** The card to pay with. */
export function PaymentSection({ checkout }: { checkout: Checkout }) {
  return (
    <CheckoutSection title="Payment" id="payment-heading">
      <CardFields register={checkout.register} errors={checkout.errors.card} />
    </CheckoutSection>
  );
}
