import type { ProductView } from '@seamline/shared';
import { ImageOff } from 'lucide-react';
import { Badge } from '../../../components/ui';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../../lib/format';
import { firstImage, STATUS_BADGE } from '../product-rules';

export function ProductThumb({ product, className }: { product: ProductView; className?: string }) {
  const src = firstImage(product);
  return (
    <div
      className={cn(
        'flex shrink-0 items-center justify-center overflow-hidden rounded-md bg-slate-100',
        className ?? 'size-10',
      )}
    >
      {src ? (
        <img src={src} alt={product.images[0]?.alt || product.name} className="size-full object-cover" loading="lazy" />
      ) : (
        <ImageOff className="size-4 text-slate-400" aria-hidden />
      )}
    </div>
  );
}

export function StockStatusBadge({ product }: { product: ProductView }) {
  return <Badge variant={STATUS_BADGE[product.stockStatus]}>{product.stockStatus}</Badge>;
}

export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge variant={active ? 'success' : 'neutral'}>{active ? 'Active' : 'Inactive'}</Badge>;
}

/** The price, with the sale price first and the regular price struck through when on sale. */
export function Price({ product }: { product: ProductView }) {
  const onSale = product.salePrice !== null && product.salePrice < product.price;
  return (
    <span className="whitespace-nowrap">
      <span className="font-medium text-slate-900">{formatMoney(onSale ? product.salePrice : product.price)}</span>
      {onSale ? <span className="ml-1.5 text-xs text-slate-400 line-through">{formatMoney(product.price)}</span> : null}
    </span>
  );
}
