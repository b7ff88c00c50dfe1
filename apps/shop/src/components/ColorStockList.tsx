import type { StorefrontColorStock } from '@seamline/shared';
import { Swatch } from './browse/Swatch';

/** Colours shown on a card; more are summed up ("+2 more"), the product page shows them all. */
const SHOWN = 4;

const sizesLeftText = ({ sizesLeft, sizes }: StorefrontColorStock) =>
  sizesLeft === 0 ? 'sold out' : sizes === 1 ? 'in stock' : `${sizesLeft} of ${sizes} sizes left`;

/** What the card shows beside a swatch: "2/4 sizes", "In stock" for a one-size colour, "Sold out". */
const shortText = ({ sizesLeft, sizes }: StorefrontColorStock) =>
  sizesLeft === 0 ? 'Sold out' : sizes === 1 ? 'In stock' : `${sizesLeft}/${sizes} sizes`;

/**
 * A card's colours: a swatch each with how many of its sizes are left, so a sold-out colour is seen on the grid, not
 * discovered on the product page. A sold-out colour's swatch is faded and says so.
 */
export function ColorStockList({ colors }: { colors: StorefrontColorStock[] }) {
  if (colors.length === 0) return null;
  const more = colors.length - SHOWN;
  return (
    <ul aria-label="Colours" className="mt-1.5 flex flex-wrap gap-x-3 gap-y-1 text-xs text-stone-600">
      {colors.slice(0, SHOWN).map((stock) => (
        <li
          key={stock.color}
          title={`${stock.color}: ${sizesLeftText(stock)}`}
          className={`inline-flex items-center gap-1 ${stock.sizesLeft === 0 ? 'line-through' : ''}`}
        >
          <Swatch color={stock.color} className={`size-3 ${stock.sizesLeft === 0 ? 'opacity-40' : ''}`} />
          <span className="sr-only">
            {stock.color}: {sizesLeftText(stock)}
          </span>
          <span aria-hidden="true">{shortText(stock)}</span>
        </li>
      ))}
      {more > 0 ? <li>+{more} more</li> : null}
    </ul>
  );
}
