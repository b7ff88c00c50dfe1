import type { PickupLocationView } from '@seamline/shared';
import { RadioCardList } from '@seamline/ui';

type Props = {
  shops: readonly PickupLocationView[];
  value: string | null;
  onChange: (id: string) => void;
};

/** The shops a pickup order can be collected at, each with its address. */
export function PickupShopPicker({ shops, value, onChange }: Props) {
  return (
    <RadioCardList
      legend="Pick up at"
      name="pickup-location"
      options={shops.map((shop) => ({ value: shop._id, label: shop.name, description: shop.address }))}
      value={value}
      onChange={onChange}
      className="mt-4"
    />
  );
}
