import type { PickupLocationView } from '@seamline/shared';

type Props = {
  shops: readonly PickupLocationView[];
  value: string | null;
  onChange: (id: string) => void;
};

/** The shops a pickup order can be collected at, each with its address. */
export function PickupShopPicker({ shops, value, onChange }: Props) {
  return (
    <fieldset className="mt-4 space-y-2">
      <legend className="mb-2 text-sm font-semibold">Pick up at</legend>
      {shops.map((shop) => (
        <label
          key={shop._id}
          className="flex cursor-pointer items-center gap-3 rounded-md border border-stone-300 p-3 has-checked:border-ink"
        >
          <input
            type="radio"
            name="pickup-location"
            value={shop._id}
            checked={value === shop._id}
            onChange={() => onChange(shop._id)}
          />
          <span className="text-sm">
            <span className="block font-medium">{shop.name}</span>
            <span className="block text-stone-600">{shop.address}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
