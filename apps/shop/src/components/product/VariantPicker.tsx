import { COLOR_HEX, type StorefrontProductView } from '@seamline/shared';
import { chip } from '../browse/styles';
import { availableOf, type Choice } from './variants';

type Props = { product: StorefrontProductView; choice: Choice; onChange: (choice: Choice) => void };

/** A sold-out option stays choosable (to see it is sold out) but is struck through and says so to screen readers. */
const soldOutChip = `${chip} border-dashed line-through decoration-stone-500 text-stone-600`;

/**
 * Size and color as two radio groups. Each option shows whether it has units together with the other group's
 * current choice, so a shopper sees which size × color combinations are in stock.
 */
export function VariantPicker({ product, choice, onChange }: Props) {
  const sizes = product.variants.size.available;
  const colors = product.variants.color.available;
  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="mb-2 text-sm">
          <span className="font-semibold">Color:</span> {choice.color}
        </legend>
        <div className="flex flex-wrap gap-2">
          {colors.map((color) => {
            const soldOut = availableOf(product, { size: choice.size, color }) === 0;
            return (
              <label key={color} className={soldOut ? soldOutChip : chip}>
                <input
                  type="radio"
                  name="color"
                  value={color}
                  className="sr-only"
                  checked={choice.color === color}
                  onChange={() => onChange({ ...choice, color })}
                />
                <span
                  aria-hidden="true"
                  className="size-4 rounded-full border border-stone-300"
                  style={{ backgroundColor: COLOR_HEX[color] ?? 'transparent' }}
                />
                {color}
                {soldOut ? <span className="sr-only">, sold out in size {choice.size}</span> : null}
              </label>
            );
          })}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm">
          <span className="font-semibold">Size:</span> {choice.size}
        </legend>
        <div className="flex flex-wrap gap-2">
          {sizes.map((size) => {
            const soldOut = availableOf(product, { size, color: choice.color }) === 0;
            return (
              <label key={size} className={`${soldOut ? soldOutChip : chip} min-w-12 justify-center`}>
                <input
                  type="radio"
                  name="size"
                  value={size}
                  className="sr-only"
                  checked={choice.size === size}
                  onChange={() => onChange({ ...choice, size })}
                />
                {size}
                {soldOut ? <span className="sr-only">, sold out in {choice.color}</span> : null}
              </label>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
