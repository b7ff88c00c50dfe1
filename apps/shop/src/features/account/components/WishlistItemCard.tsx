import type { StorefrontColorStock, WishlistItemView } from '@seamline/shared';
import { Button, formatMoney } from '@seamline/ui';
import { Link } from 'wouter';
import { ColorStockList } from '../../../components/ColorStockList';
import { shopHref } from '../../../lib/paths';
import { StockBySize } from './StockBySize';

type Props = {
  item: WishlistItemView;
  onRemove: () => void;
  removing?: boolean;
  /** A guest's item: the listing's per-colour stock, shown instead of the sizes per colour (`item.stock`). */
  colorStock?: StorefrontColorStock[];
};

/** One wished product: picture and name (links to it), the price now (and when added, if it dropped), stock, remove. */
export function WishlistItemCard({ item, onRemove, removing = false, colorStock }: Props) {
  const href = shopHref(`/products/${item.slug}`);
  return (
    <li className="flex gap-4 rounded-md border border-stone-200 p-4">
      <Link href={href} className="size-24 shrink-0 overflow-hidden rounded-md bg-stone-100" tabIndex={-1} aria-hidden>
        {item.image ? <img src={item.image} alt="" width={96} height={96} className="size-full object-cover" /> : null}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <h2 className="text-sm font-semibold">
            <Link href={href} className="underline-offset-4 hover:underline">
              {item.name}
            </Link>
          </h2>
          <p className="text-sm">
            <span className={item.priceDropped ? 'font-semibold text-sale' : 'font-semibold'}>
              {formatMoney(item.price)}
            </span>
            {item.priceDropped ? (
              <>
                {' '}
                <s className="text-stone-600">
                  <span className="sr-only">was </span>
                  {formatMoney(item.priceAtAdd)}
                </s>
              </>
            ) : null}
          </p>
        </div>
        {item.priceDropped ? (
          <p className="w-fit rounded-full bg-sale px-2 py-0.5 text-xs font-medium text-white">
            Price dropped · {formatMoney(item.priceAtAdd)} when added
          </p>
        ) : null}
        {!item.isActive ? (
          <p className="text-sm text-stone-600">No longer sold</p>
        ) : !item.inStock ? (
          <p className="text-sm text-sale">Sold out in every size</p>
        ) : null}
        {!item.isActive ? null : colorStock ? (
          <ColorStockList colors={colorStock} />
        ) : (
          <StockBySize stock={item.stock} />
        )}
        <div>
          <Button
            type="button"
            variant="inline"
            size="sm"
            onClick={onRemove}
            loading={removing}
            aria-label={`Remove ${item.name} from your wishlist`}
          >
            Remove
          </Button>
        </div>
      </div>
    </li>
  );
}
