import type { TaxonomyItemView } from '@seamline/shared';
import { Link } from 'wouter';

type Props = { items?: TaxonomyItemView[]; hrefOf: (name: string) => string; variant: 'category' | 'brand' };

/**
 * Categories (pictures, name over them) or brands (logos) as links to their listings; only those with products.
 * Pictures are the 300 px thumbnails: the tiles are never wider.
 */
export function TaxonomyTiles({ items, hrefOf, variant }: Props) {
  const shown = items?.filter((item) => item.productCount > 0) ?? [];
  const grid =
    variant === 'category' ? 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-6' : 'grid-cols-3 sm:grid-cols-5 lg:grid-cols-9';
  return (
    <ul className={`grid gap-3 ${grid}`}>
      {shown.map((item) => (
        <li key={item.id}>
          <Link href={hrefOf(item.name)} className="group block">
            <div className="aspect-square overflow-hidden rounded-lg bg-stone-100">
              {item.image ? (
                <img
                  src={item.image.thumbnail}
                  alt=""
                  loading="lazy"
                  width={300}
                  height={300}
                  className="h-full w-full object-cover motion-safe:transition motion-safe:group-hover:scale-105"
                />
              ) : null}
            </div>
            <p className="mt-2 text-sm font-medium group-hover:underline group-hover:underline-offset-4">
              {item.name}
              {variant === 'category' ? (
                <span className="block text-xs font-normal text-stone-600">{item.productCount} products</span>
              ) : null}
            </p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
