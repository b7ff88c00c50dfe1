import type { ShippingMethod } from '@seamline/shared';
import { formatMoney, RadioCardList } from '@seamline/ui';
import type { CartPricing } from '../../../lib/cart-pricing';

type Props = {
  methods: CartPricing['methods'];
  value: ShippingMethod;
  onChange: (method: ShippingMethod) => void;
  /** A free_shipping coupon makes every method free. */
  freeShipping: boolean;
};

/** The shipping methods with the price the server gave for this cart. */
export function ShippingMethodPicker({ methods, value, onChange, freeShipping }: Props) {
  const options = methods.map((method) => {
    const cost = freeShipping ? 0 : method.cost;
    return {
      value: method.id,
      label: method.name,
      description: method.estimatedDays,
      aside: cost === 0 ? 'Free' : formatMoney(cost),
    };
  });
  return (
    <RadioCardList
      legend="Shipping method"
      legendHidden
      name="shipping-method"
      options={options}
      value={value}
      onChange={onChange}
    />
  );
}
