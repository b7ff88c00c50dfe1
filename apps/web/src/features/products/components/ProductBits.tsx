import type { ProductListRow, ProductView } from '@seamline/shared';
import { Badge, formatMoney } from '@seamline/ui';
import { firstImage, Thumb } from '../../../components/product-bits';

export { StockStatusBadge } from '../../../components/product-bits';

/** A product as the screen holds it: a row of the list, or the whole product of the panel and the dialogs. */
type ShownProduct = Pick<ProductListRow, 'name' | 'thumbnail'> | Pick<ProductView, 'name' | 'images'>;

export function ProductThumb({ product, className }: { product: ShownProduct; className?: string }) {
  const [src, alt] =
    'images' in product
      ? [firstImage(product), product.images[0]?.alt]
      : [product.thumbnail?.url, product.thumbnail?.alt];
  return <Thumb src={src} alt={alt || product.name} className={className} />;
}

export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge variant={active ? 'success' : 'neutral'}>{active ? 'Active' : 'Inactive'}</Badge>;
}

/** The price, with the sale price first and the regular price struck through when on sale. */
export function Price({ product }: { product: Pick<ProductListRow, 'price' | 'salePrice'> }) {
  const onSale = product.salePrice !== null && product.salePrice < product.price;
  return (
    <span className="whitespace-nowrap">
      <span className="font-medium text-slate-900">{formatMoney(onSale ? product.salePrice : product.price)}</span>
      {onSale ? <span className="ml-1.5 text-xs text-slate-400 line-through">{formatMoney(product.price)}</span> : null}
    </span>
  );
}
