import type { ShippingMethod } from '@seamline/shared';
import { formatMoney } from '@seamline/ui';
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
  return (
    <fieldset className="space-y-2">
      <legend className="sr-only">Shipping method</legend>
      {methods.map((method) => {
        const cost = freeShipping ? 0 : method.cost;
        return (
          <label
            key={method.id}
            className="flex cursor-pointer items-center gap-3 rounded-md border border-stone-300 p-3 has-checked:border-ink"
          >
            <input
              type="radio"
              name="shipping-method"
              value={method.id}
              checked={value === method.id}
              onChange={() => onChange(method.id)}
            />
            <span className="flex-1 text-sm">
              <span className="font-medium">{method.name}</span>
              <br />
              <span className="text-stone-600">{method.estimatedDays}</span>
            </span>
            <span className="text-sm font-semibold">{cost === 0 ? 'Free' : formatMoney(cost)}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
