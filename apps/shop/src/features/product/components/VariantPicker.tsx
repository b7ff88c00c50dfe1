import type { StorefrontProductView } from '@seamline/shared';
import { chipClasses } from '@seamline/ui';
import { Swatch } from '../../../components/browse/Swatch';
import { availableOf, type Choice } from './variants';

type Props = { product: StorefrontProductView; choice: Choice; onChange: (choice: Choice) => void };

/** A sold-out option stays choosable (to see it is sold out) but is struck through and says so to screen readers. */
const soldOutChip = `${chipClasses} border-dashed line-through decoration-stone-500 text-stone-600 has-checked:decoration-white`;

type OptionGroupProps = {
  name: 'size' | 'color';
  options: string[];
  value: string;
  onChange: (option: string) => void;
  /** Why an option is sold out ("in Black"), or null when it has units. */
  soldOut: (option: string) => string | null;
};

/** One option kind as a radio group of chips; the legend says the current choice ("Color: Black"). */
function OptionGroup({ name, options, value, onChange, soldOut }: OptionGroupProps) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm">
        <span className="font-semibold">{name === 'size' ? 'Size' : 'Color'}:</span> {value}
      </legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const why = soldOut(option);
          return (
            <label key={option} className={`${why ? soldOutChip : chipClasses} min-w-12 justify-center`}>
              <input
                type="radio"
                name={name}
                value={option}
                className="sr-only"
                checked={value === option}
                onChange={() => onChange(option)}
              />
              {name === 'color' ? <Swatch color={option} className="size-4" /> : null}
              {option}
              {why ? <span className="sr-only">, sold out {why}</span> : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Whether any size of a colour has units to sell. */
const colorHasUnits = (product: StorefrontProductView, color: string) =>
  product.inventory.some((v) => v.color.toLowerCase() === color.toLowerCase() && v.available > 0);

/**
 * Size and color as two radio groups. A colour with nothing left in any size is marked sold out; a size is marked
 * sold out in the chosen colour. Both stay choosable, so the shopper can ask for an e-mail when it is back.
 */
export function VariantPicker({ product, choice, onChange }: Props) {
  return (
    <div className="space-y-5">
      <OptionGroup
        name="color"
        options={product.variants.color.available}
        value={choice.color}
        onChange={(color) => onChange({ ...choice, color })}
        soldOut={(color) => (colorHasUnits(product, color) ? null : 'in every size')}
      />
      <OptionGroup
        name="size"
        options={product.variants.size.available}
        value={choice.size}
        onChange={(size) => onChange({ ...choice, size })}
        soldOut={(size) => (availableOf(product, { ...choice, size }) ? null : `in ${choice.color}`)}
      />
    </div>
  );
}
