import { effectiveUnitPrice, type StorefrontProductSummary } from '@seamline/shared';
import { formatMoney } from '@seamline/ui';

type Priced = Pick<StorefrontProductSummary, 'price' | 'salePrice' | 'comparePrice'>;

/**
 * The price a shopper pays (the same rule as the order totals), with the crossed-out price when the product is on
 * sale or has a higher compare price.
 */
export function Price({ product, large = false }: { product: Priced; large?: boolean }) {
  const pays = effectiveUnitPrice(product.price, product.salePrice);
  const was = pays < product.price ? product.price : (product.comparePrice ?? 0) > pays ? product.comparePrice : null;
  return (
    <p className={large ? 'text-xl' : 'text-sm'}>
      <span className={was != null ? 'font-semibold text-sale' : 'font-semibold'}>{formatMoney(pays)}</span>
      {was != null ? (
        <>
          {' '}
          <s className="text-stone-600">
            <span className="sr-only">was </span>
            {formatMoney(was)}
          </s>
        </>
      ) : null}
    </p>
  );
}
