import { SIZES, type WishlistItemView } from '@seamline/shared';
import { Swatch } from '../../../components/browse/Swatch';

type Stock = WishlistItemView['stock'];

/** Sizes in the shop's order (XS … XXL, One Size, then others), not the alphabet's. */
const sizeRank = (size: string) => {
  const index = (SIZES as readonly string[]).indexOf(size);
  return index === -1 ? SIZES.length : index;
};

/** The item's stock as a line per colour: its sizes, the sold-out ones struck through and named so. */
export function StockBySize({ stock }: { stock: Stock }) {
  const colors = [...new Set(stock.map((s) => s.color))];
  if (colors.length === 0) return null;
  return (
    <ul aria-label="Sizes in stock" className="flex flex-col gap-1 text-xs">
      {colors.map((color) => {
        const sizes = stock
          .filter((s) => s.color === color)
          .sort((a, b) => sizeRank(a.size) - sizeRank(b.size) || a.size.localeCompare(b.size));
        const soldOut = sizes.every((s) => s.available === 0);
        return (
          <li key={color} className="flex flex-wrap items-center gap-1.5">
            <span className="inline-flex min-w-20 items-center gap-1 font-medium">
              <Swatch color={color} className="size-3" />
              {color}
              {soldOut ? <span className="font-normal text-sale">· sold out</span> : null}
            </span>
            {sizes.map((s) => (
              <span
                key={s.size}
                className={
                  s.available === 0
                    ? 'rounded border border-dashed border-stone-300 px-1.5 text-stone-600 line-through'
                    : 'rounded border border-stone-300 px-1.5'
                }
              >
                {s.size}
                {s.available === 0 ? <span className="sr-only"> sold out</span> : null}
              </span>
            ))}
          </li>
        );
      })}
    </ul>
  );
}
