import { loadChunk } from '@seamline/client';
import type { StorefrontProductView } from '@seamline/shared';
import { RatingStars } from '@seamline/ui';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'wouter';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { Price } from '../../../components/Price';
import { ProductGrid } from '../../../components/ProductGrid';
import { WishlistHeart } from '../../../components/WishlistHeart';
import { errorMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useWished } from '../../../lib/use-wishlist';
import { isNotFound, productQueries } from '../api';
import { AddToCart } from '../components/AddToCart';
import { Gallery } from '../components/Gallery';
import { PickupAvailability } from '../components/PickupAvailability';
import { REVIEWS_SECTION_ID } from '../components/reviews-section-id';
import { VariantPicker } from '../components/VariantPicker';
import { type Choice, initialChoice } from '../components/variants';

/**
 * Below the product, and with the review form's rules (zod) in its code: loaded after the product shows, so the
 * product's own first render waits for none of it.
 */
const ReviewsSection = lazy(() =>
  loadChunk(() => import('../components/ReviewsSection')).then((module) => ({ default: module.ReviewsSection })),
);

/**
 * One product: gallery, brand, name with the wishlist heart, price (sale and compare price), size × color with what is in stock, quantity,
 * add to cart (or an e-mail when a sold-out one is back), the shops it can be picked up at, description, the reviews, then related products.
 */
export default function ProductPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const read = useQuery(productQueries.detail(slug));
  useDocumentTitle(read.data?.name);

  if (read.isError) {
    if (isNotFound(read.error)) return <NotFoundPage />;
    return (
      <p role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-800">
        {errorMessage(read.error, 'The product could not be loaded. Please try again.')}
      </p>
    );
  }
  if (!read.data) return <p className="py-16 text-center text-stone-600">Loading…</p>;
  return <ProductDetails key={read.data.id} product={read.data} />;
}

function ProductDetails({ product }: { product: StorefrontProductView }) {
  const [choice, setChoice] = useState<Choice>(() => initialChoice(product));
  const related = useQuery(productQueries.related(product.id));
  const wished = useWished([product.id]);
  const categoryHref = `/category/${encodeURIComponent(product.category)}`;

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-stone-600">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link href="/" className="hover:underline">
              Home
            </Link>{' '}
            /
          </li>
          <li>
            <Link href={categoryHref} className="hover:underline">
              {product.category}
            </Link>{' '}
            /
          </li>
          <li aria-current="page" className="text-ink">
            {product.name}
          </li>
        </ol>
      </nav>

      <div className="grid gap-8 lg:grid-cols-2 lg:gap-12">
        <Gallery images={product.images} name={product.name} color={choice.color} />
        <div className="space-y-6">
          <div>
            <Link
              href={`/brand/${encodeURIComponent(product.brand)}`}
              className="text-xs uppercase tracking-wide text-stone-600 hover:underline"
            >
              {product.brand}
            </Link>
            <div className="mt-1 flex items-start justify-between gap-3">
              <h1 id="product-name" className="text-2xl font-semibold tracking-tight md:text-3xl">
                {product.name}
              </h1>
              <WishlistHeart
                productId={product.id}
                wished={wished.has(product.id)}
                describedBy="product-name"
                className="-mt-1 flex flex-col items-end"
              />
            </div>
            <div className="mt-2">
              <Price product={product} large />
            </div>
            {product.reviewCount > 0 ? (
              <a
                href={`#${REVIEWS_SECTION_ID}`}
                className="mt-1 inline-flex items-center gap-2 text-sm text-stone-700 underline-offset-4 hover:underline"
              >
                <RatingStars rating={product.rating} />
                {product.rating.toFixed(1)} ·{' '}
                {product.reviewCount === 1 ? '1 review' : `${product.reviewCount} reviews`}
              </a>
            ) : null}
          </div>
          <VariantPicker product={product} choice={choice} onChange={setChoice} />
          <AddToCart product={product} choice={choice} />
          <PickupAvailability productId={product.id} choice={choice} />
          {product.description ? (
            <section aria-labelledby="description-heading" className="border-t border-stone-200 pt-6">
              <h2 id="description-heading" className="mb-2 text-sm font-semibold">
                Description
              </h2>
              <p className="text-sm leading-relaxed text-stone-700">{product.description}</p>
            </section>
          ) : null}
        </div>
      </div>

      <Suspense fallback={null}>
        <ReviewsSection product={product} />
      </Suspense>

      {related.data?.length ? (
        <section aria-labelledby="related-heading" className="mt-16">
          <h2 id="related-heading" className="mb-4 text-xl font-semibold tracking-tight">
            You may also like
          </h2>
          <ProductGrid products={related.data} />
        </section>
      ) : null}
    </>
  );
}
