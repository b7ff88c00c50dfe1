import { buttonVariants, cn } from '@seamline/ui';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ProductGrid } from '../../../components/ProductGrid';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { browseQueries } from '../api';
import { TaxonomyTiles } from '../components/TaxonomyTiles';

const categoryHref = (name: string) => `/category/${encodeURIComponent(name)}`;
const brandHref = (name: string) => `/brand/${encodeURIComponent(name)}`;

function Section({ id, title, link, children }: { id: string; title: string; link?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-12">
      <div className="mb-4 flex items-baseline justify-between gap-4">
        <h2 id={id} className="text-xl font-semibold tracking-tight">
          {title}
        </h2>
        {link}
      </div>
      {children}
    </section>
  );
}

const viewAll = (href: string, label: string) => (
  <Link href={href} className="text-sm underline underline-offset-4" aria-label={label}>
    View all
  </Link>
);

/**
 * The landing page (in the first bundle, so it stays small): a text banner (nothing to download before the first
 * paint), then featured products, categories with their pictures, trending products and brands with their logos.
 */
export function HomePage() {
  useDocumentTitle('Clothing for every day');
  const featured = useQuery(browseQueries.featured());
  const trending = useQuery(browseQueries.trending());
  const categories = useQuery(browseQueries.categories());
  const brands = useQuery(browseQueries.brands());

  return (
    <>
      <section className="rounded-2xl bg-stone-100 px-4 py-14 text-center md:py-20">
        <p className="text-sm uppercase tracking-widest text-stone-600">New season</p>
        <h1 className="mx-auto mt-3 max-w-2xl text-3xl font-semibold tracking-tight md:text-5xl">
          Clothing for every day
        </h1>
        <p className="mx-auto mt-4 max-w-xl text-stone-600">
          Soft basics, sturdy denim and outerwear made to last. Free returns within 30 days.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {/* The kit's button classes on router links (asChild would bring its Slot into the first bundle). */}
          <Link href="/search" className={cn(buttonVariants({ size: 'xl' }), 'h-12 px-6 text-base font-medium')}>
            Shop new arrivals
          </Link>
          <Link
            href="/search?sort=popular"
            className={cn(
              buttonVariants({ variant: 'outline', size: 'xl' }),
              'h-12 bg-transparent px-6 text-base font-medium',
            )}
          >
            Best loved
          </Link>
        </div>
      </section>

      <Section
        id="featured-heading"
        title="Featured"
        link={viewAll('/search?sort=popular', 'View all popular products')}
      >
        <ProductGrid products={featured.data} isLoading={featured.isPending} eager />
      </Section>

      <Section id="categories-heading" title="Shop by category">
        <TaxonomyTiles items={categories.data} hrefOf={categoryHref} variant="category" />
      </Section>

      <Section id="trending-heading" title="Trending now">
        <ProductGrid products={trending.data} isLoading={trending.isPending} />
      </Section>

      <Section id="brands-heading" title="Our brands">
        <TaxonomyTiles items={brands.data} hrefOf={brandHref} variant="brand" />
      </Section>
    </>
  );
}
