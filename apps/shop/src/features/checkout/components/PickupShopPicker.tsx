import type { CartPickupLocationView } from '@seamline/shared';
import { RadioCardList } from '@seamline/ui';

/** Why a shop cannot be chosen. */
const PICKUP_SHORT = 'Not everything in your cart is here now';

type Props = {
  shops: readonly CartPickupLocationView[];
  value: string | null;
  onChange: (id: string) => void;
};

/** The shops a pickup order can be collected at, each with its address; one without the whole cart now is dimmed. */
export function PickupShopPicker({ shops, value, onChange }: Props) {
  return (
    <RadioCardList
      legend="Pick up at"
      name="pickup-location"
      options={shops.map((shop) => ({
        value: shop._id,
        label: shop.name,
        description: shop.available ? (
          shop.address
        ) : (
          <>
            {shop.address}
            <span className="block">{PICKUP_SHORT}</span>
          </>
        ),
        disabled: !shop.available,
      }))}
      value={value}
      onChange={onChange}
      className="mt-4"
    />
  );
}
