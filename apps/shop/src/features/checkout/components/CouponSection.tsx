import { CheckoutSection } from '../../../components/checkout/CheckoutSection';
import type { Checkout } from '../use-checkout';
import { CouponForm } from './CouponForm';

/** A coupon code, checked against this cart's subtotal. */
export function CouponSection({ checkout }: { checkout: Checkout }) {
  const { priced, customer, coupon, changeCoupon } = checkout;
  return (
    <CheckoutSection title="Discount" id="coupon-heading">
      <CouponForm subtotal={priced?.subtotal ?? 0} customer={customer} applied={coupon} onApplied={changeCoupon} />
    </CheckoutSection>
  );
}
