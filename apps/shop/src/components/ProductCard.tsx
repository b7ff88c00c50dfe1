import { effectiveUnitPrice, type StorefrontProductSummary } from '@seamline/shared';
import { useId } from 'react';
import { Link } from 'wouter';
import { GRID_SIZES, srcSet } from '../lib/srcset';
import { ColorStockList } from './ColorStockList';
import { Price } from './Price';
import { WishlistHeart } from './WishlistHeart';

type Props = { product: StorefrontProductSummary; eager?: boolean; wished?: boolean };

/**
 * A product in a grid: picture, brand, name (a level-3 heading under the section's), price, sold out, its colours with
 * the sizes left, and the wishlist heart: a button beside the link (over the picture), not inside it.
 */
export function ProductCard({ product, eager = false, wished = false }: Props) {
  const image = product.image;
  const nameId = useId();
  return (
    <div className="relative">
      <Link href={`/products/${product.slug}`} className="group block">
        <div className="relative aspect-square overflow-hidden rounded-lg bg-stone-100">
          {image ? (
            <img
              src={image.thumbnail}
              srcSet={srcSet(image)}
              sizes={GRID_SIZES}
              alt={image.alt || product.name}
              loading={eager ? 'eager' : 'lazy'}
              width={300}
              height={300}
              className="h-full w-full object-cover motion-safe:transition motion-safe:group-hover:scale-105"
            />
          ) : null}
          {!product.inStock ? (
            <span className="absolute left-2 top-2 rounded-full bg-white px-2 py-0.5 text-xs font-medium">
              Sold out
            </span>
          ) : effectiveUnitPrice(product.price, product.salePrice) < product.price ? (
            <span className="absolute left-2 top-2 rounded-full bg-sale px-2 py-0.5 text-xs font-medium text-white">
              Sale
            </span>
          ) : null}
        </div>
        <p className="mt-2 text-xs uppercase tracking-wide text-stone-600">{product.brand}</p>
        <h3 id={nameId} className="text-sm font-medium group-hover:underline group-hover:underline-offset-4">
          {product.name}
        </h3>
        <Price product={product} />
      </Link>
      <ColorStockList colors={product.colorStock} />
      <WishlistHeart
        productId={product.id}
        wished={wished}
        describedBy={nameId}
        className="absolute right-1.5 top-1.5 flex flex-col items-end"
      />
    </div>
  );
}
