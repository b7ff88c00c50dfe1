import { PAGE_SIZES, type ProductListQuery } from '@seamline/shared';

/**
 * A listing's state as it lives in the URL (`/search?q=tee&size=M,L&color=Black&min=10&max=50&brand=Nordic&instock=1
 * &sort=price-asc&page=2`), so a refresh, a shared link and the back button all show the same page. Short, readable
 * names for shoppers; `toApiQuery` turns them into the list endpoint's query.
 */
export type BrowseState = {
  q: string;
  sizes: string[];
  colors: string[];
  brand: string;
  min: string;
  max: string;
  inStock: boolean;
  sort: SortKey;
  page: number;
};

export const SORTS = {
  newest: { label: 'Newest', sortBy: 'createdAt', sortOrder: 'desc' },
  popular: { label: 'Most popular', sortBy: 'popularity', sortOrder: 'desc' },
  'price-asc': { label: 'Price, low to high', sortBy: 'finalPrice', sortOrder: 'asc' },
  'price-desc': { label: 'Price, high to low', sortBy: 'finalPrice', sortOrder: 'desc' },
} as const satisfies Record<string, { label: string } & Pick<ProductListQuery, 'sortBy' | 'sortOrder'>>;
export type SortKey = keyof typeof SORTS;
const isSort = (value: string | null): value is SortKey => value !== null && Object.hasOwn(SORTS, value);

const list = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
/** A price as typed ("12", "12.5"); anything else is no bound. */
const price = (value: string | null) => (value && /^\d{1,7}(\.\d{1,2})?$/.test(value.trim()) ? value.trim() : '');

export function parseBrowse(search: string): BrowseState {
  const params = new URLSearchParams(search);
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const sort = params.get('sort');
  return {
    q: (params.get('q') ?? '').trim(),
    sizes: list(params.get('size')),
    colors: list(params.get('color')),
    brand: (params.get('brand') ?? '').trim(),
    min: price(params.get('min')),
    max: price(params.get('max')),
    inStock: params.get('instock') === '1',
    sort: isSort(sort) ? sort : 'newest',
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** The URL's search part for a state (defaults left out, so links stay short); '' when everything is default. */
export function browseSearch(state: BrowseState): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.sizes.length) params.set('size', state.sizes.join(','));
  if (state.colors.length) params.set('color', state.colors.join(','));
  if (state.brand) params.set('brand', state.brand);
  if (state.min) params.set('min', state.min);
  if (state.max) params.set('max', state.max);
  if (state.inStock) params.set('instock', '1');
  if (state.sort !== 'newest') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Where the listing is: a search, a category or a brand (the path fixes that filter). */
export type BrowseScope = { kind: 'search' } | { kind: 'category'; name: string } | { kind: 'brand'; name: string };

export function toApiQuery(state: BrowseState, scope: BrowseScope) {
  const { sortBy, sortOrder } = SORTS[state.sort];
  return {
    page: state.page,
    limit: PAGE_SIZES.storefrontListing,
    sortBy,
    sortOrder,
    ...(state.q ? { search: state.q } : {}),
    ...(scope.kind === 'category' ? { category: scope.name } : {}),
    ...(scope.kind === 'brand' ? { brand: scope.name } : state.brand ? { brand: state.brand } : {}),
    ...(state.sizes.length ? { size: state.sizes.join(',') } : {}),
    ...(state.colors.length ? { color: state.colors.join(',') } : {}),
    ...(state.min ? { minPrice: state.min } : {}),
    ...(state.max ? { maxPrice: state.max } : {}),
    ...(state.inStock ? { inStock: 'true' as const } : {}),
  };
}

/** Filters a shopper has set (not the search words, sort or page): for "Clear all" and the count on the button. */
export const activeFilterCount = (s: BrowseState) =>
  s.sizes.length + s.colors.length + (s.brand ? 1 : 0) + (s.min || s.max ? 1 : 0) + (s.inStock ? 1 : 0);
