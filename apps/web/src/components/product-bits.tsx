import type { ProductView, StockStatus } from '@seamline/shared';
import { Badge, type BadgeVariant, cn } from '@seamline/ui';
import { ImageOff } from 'lucide-react';

/** What the product and inventory screens both show of a product: its picture and its stock status. */
export const STATUS_BADGE: Record<StockStatus, BadgeVariant> = {
  'In Stock': 'success',
  'Moderate Stock': 'warning',
  'Low Stock': 'danger',
  'Out of Stock': 'danger',
};

export const firstImage = (product: Pick<ProductView, 'images'>) =>
  product.images[0]?.thumbnail || product.images[0]?.original;

/** A square picture (10 by default), or a placeholder icon when there is none. */
export function Thumb({ src, alt, className }: { src: string | null | undefined; alt: string; className?: string }) {
  return (
    <div
      className={cn(
        'flex shrink-0 items-center justify-center overflow-hidden rounded-md bg-slate-100',
        className ?? 'size-10',
      )}
    >
      {src ? (
        <img src={src} alt={alt} className="size-full object-cover" loading="lazy" />
      ) : (
        <ImageOff className="size-4 text-slate-400" aria-hidden />
      )}
    </div>
  );
}

export function StockStatusBadge({ product }: { product: Pick<ProductView, 'stockStatus'> }) {
  return <Badge variant={STATUS_BADGE[product.stockStatus]}>{product.stockStatus}</Badge>;
}
