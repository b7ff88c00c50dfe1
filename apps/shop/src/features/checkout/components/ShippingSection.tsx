import { CheckoutSection } from '../../../components/checkout/CheckoutSection';
import type { Checkout } from '../use-checkout';
import { ShippingMethodPicker } from './ShippingMethodPicker';

/** The shipping methods with this cart's prices (free with a free-shipping coupon). */
export function ShippingSection({ checkout }: { checkout: Checkout }) {
  const { priced, shippingMethod, changeShipping, coupon } = checkout;
  return (
    <CheckoutSection title="Shipping method" id="shipping-heading">
      {priced ? (
        <ShippingMethodPicker
          methods={priced.methods}
          value={shippingMethod}
          onChange={changeShipping}
          freeShipping={coupon?.freeShipping ?? false}
        />
      ) : (
        <p className="text-sm text-stone-600">Pricing your cart…</p>
      )}
    </CheckoutSection>
  );
}
