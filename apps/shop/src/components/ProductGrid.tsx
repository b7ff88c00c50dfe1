import type { StorefrontProductSummary } from '@seamline/shared';
import { useWished } from '../lib/use-wishlist';
import { ProductCard } from './ProductCard';

const PLACEHOLDER_KEYS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

/** Two cards a row on a phone, up to four on wide screens; grey placeholders while the page loads. */
type Props = {
  products?: StorefrontProductSummary[];
  isLoading?: boolean;
  /** The first row's pictures load at once (the grid is at the top of the page: they are its largest paint). */
  eager?: boolean;
};

export function ProductGrid({ products, isLoading, eager = false }: Props) {
  // One question for the whole grid: which of its products are wished for.
  const wished = useWished(products?.map((product) => product.id) ?? []);
  if (isLoading)
    return (
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4" aria-busy="true" aria-label="Loading">
        {PLACEHOLDER_KEYS.map((key) => (
          <li key={key} className="aspect-square motion-safe:animate-pulse rounded-lg bg-stone-100" />
        ))}
      </ul>
    );
  return (
    <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
      {products?.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} eager={eager && index < 4} wished={wished.has(product.id)} />
        </li>
      ))}
    </ul>
  );
}
