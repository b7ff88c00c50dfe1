import { Button, PagerLinks } from '@seamline/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { ProductGrid } from '../../../components/ProductGrid';
import { errorMessage } from '../../../lib/api';
import {
  activeFilterCount,
  type BrowseScope,
  type BrowseState,
  browseSearch,
  parseBrowse,
} from '../../../lib/browse-url';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { browseQueries } from '../api';
import { FilterPanel } from '../components/FilterPanel';
import { SortSelect } from '../components/SortSelect';

const countFormat = new Intl.NumberFormat('en-US');

/** The scope the path fixes: /category/:category, /brand/:brand, or a search (/search?q=). */
function useScope(): BrowseScope {
  const params = useParams<{ category?: string; brand?: string }>();
  if (params.category) return { kind: 'category', name: params.category };
  if (params.brand) return { kind: 'brand', name: params.brand };
  return { kind: 'search' };
}

function headingOf(scope: BrowseScope, q: string) {
  if (scope.kind !== 'search') return scope.name;
  return q ? `Results for “${q}”` : 'All products';
}

/**
 * Search, category and brand listings: filters and sort on the left (a disclosure on phones), a page of products,
 * previous/next. Everything a shopper sets is in the URL; the server filters, sorts and pages.
 */
export default function ListingPage() {
  const scope = useScope();
  const [location, navigate] = useLocation();
  const state = parseBrowse(useSearch());
  const [filtersOpen, setFiltersOpen] = useState(false);
  const heading = headingOf(scope, state.q);
  useDocumentTitle(heading);

  const result = useQuery(browseQueries.listing(state, scope));
  const hrefFor = (next: BrowseState) => `${location}${browseSearch(next)}`;
  /** A changed filter or sort starts again at page 1. */
  const change = (next: Partial<BrowseState>) => navigate(hrefFor({ ...state, ...next, page: 1 }));
  const filters = activeFilterCount(state);
  const total = result.data?.pagination;
  const countText = total
    ? `${countFormat.format(total.total)}${total.exact ? '' : '+'} ${total.total === 1 ? 'product' : 'products'}`
    : '';

  return (
    <div>
      <header className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{heading}</h1>
        <p className="mt-1 text-sm text-stone-600" role="status" aria-live="polite">
          {result.isPending ? 'Loading products…' : countText}
        </p>
      </header>

      <div className="mb-4 flex items-center justify-between gap-3">
        <Button
          type="button"
          variant="outline"
          size="lg"
          className="lg:hidden"
          aria-expanded={filtersOpen}
          aria-controls="filter-panel"
          onClick={() => setFiltersOpen((open) => !open)}
        >
          Filters{filters ? ` (${filters})` : ''}
        </Button>
        <div className="ml-auto">
          <SortSelect value={state.sort} onChange={(sort) => change({ sort })} />
        </div>
      </div>

      <div className="lg:grid lg:grid-cols-[15rem_1fr] lg:gap-10">
        <aside
          id="filter-panel"
          aria-labelledby="filters-heading"
          className={`${filtersOpen ? 'block' : 'hidden'} mb-8 lg:mb-0 lg:block`}
        >
          <h2 id="filters-heading" className="mb-4 text-lg font-semibold">
            Filters
          </h2>
          <FilterPanel state={state} scope={scope} onChange={change} />
        </aside>

        <section aria-labelledby="results-heading">
          <h2 id="results-heading" className="sr-only">
            Products
          </h2>
          {result.isError ? (
            <p role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-800">
              {errorMessage(result.error, 'The products could not be loaded. Please try again.')}
            </p>
          ) : result.data && result.data.products.length === 0 ? (
            <div className="rounded-lg bg-stone-50 p-8 text-center">
              <p className="font-medium">No products match.</p>
              <p className="mt-1 text-sm text-stone-600">
                {filters ? 'Try removing a filter.' : 'Try another word, or browse the categories on the home page.'}
              </p>
            </div>
          ) : (
            <ProductGrid products={result.data?.products} isLoading={result.isPending} eager />
          )}
          {result.data ? (
            <PagerLinks
              page={result.data.pagination.page}
              pages={result.data.pagination.pages}
              exact={result.data.pagination.exact}
              hrefFor={(page) => hrefFor({ ...state, page })}
              link={Link}
              className="mt-10 flex items-center justify-center gap-4"
            />
          ) : null}
        </section>
      </div>
    </div>
  );
}
