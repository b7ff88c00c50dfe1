import { SHIPPING_METHOD_INFO } from '@seamline/shared';
import { CheckoutSection } from '../../../components/checkout/CheckoutSection';
import type { Checkout } from '../use-checkout';
import { PickupShopPicker } from './PickupShopPicker';
import { ShippingMethodPicker } from './ShippingMethodPicker';

/**
 * The shipping methods with this cart's prices (free with a free-shipping coupon), and "Pick up in store" (free) with
 * its shops when some shop has the whole cart now.
 */
export function ShippingSection({ checkout }: { checkout: Checkout }) {
  const { priced, shippingMethod, changeShipping, coupon, pickupShops } = checkout;
  const pickup = checkout.pickupOffered ? [{ id: 'pickup' as const, ...SHIPPING_METHOD_INFO.pickup, cost: 0 }] : [];
  return (
    <CheckoutSection title="Shipping method" id="shipping-heading">
      {priced ? (
        <>
          <ShippingMethodPicker
            methods={[...priced.methods, ...pickup]}
            value={shippingMethod}
            onChange={changeShipping}
            freeShipping={coupon?.freeShipping ?? false}
          />
          {shippingMethod === 'pickup' ? (
            <PickupShopPicker
              shops={pickupShops}
              value={checkout.pickupLocationId}
              onChange={checkout.changePickupLocation}
            />
          ) : null}
        </>
      ) : (
        <p className="text-sm text-stone-600">Pricing your cart…</p>
      )}
    </CheckoutSection>
  );
}
