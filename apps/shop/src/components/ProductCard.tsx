import type { StorefrontProductSummary } from '@seamline/shared';
import { Link } from 'wouter';
import { Price } from './Price';

export function ProductCard({ product }: { product: StorefrontProductSummary }) {
  const image = product.image;
  return (
    <Link href={`/products/${product.slug}`} className="group block">
      <div className="aspect-[3/4] overflow-hidden rounded-lg bg-stone-100">
        {image ? (
          <img
            src={image.thumbnail}
            alt={image.alt || product.name}
            loading="lazy"
            className="h-full w-full object-cover motion-safe:transition motion-safe:group-hover:scale-105"
          />
        ) : null}
      </div>
      <p className="mt-2 text-sm text-stone-600">{product.brand}</p>
      <h2 className="text-sm font-medium">{product.name}</h2>
      <Price product={product} />
      {product.inStock ? null : <p className="text-sm text-stone-600">Sold out</p>}
    </Link>
  );
}
