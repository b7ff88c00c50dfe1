import { PAGE_SIZES } from '@seamline/shared';
import { describe, expect, it } from 'vitest';
import { activeFilterCount, browseSearch, parseBrowse, toApiQuery } from './browse-url';

describe('listing state in the URL', () => {
  it('reads every filter, the sort and the page from the search part', () => {
    const state = parseBrowse(
      '?q=%20tee%20&size=M,L&color=Black&brand=Nordic&min=10&max=50.5&instock=1&sort=price-asc&page=2',
    );
    expect(state).toEqual({
      q: 'tee',
      sizes: ['M', 'L'],
      colors: ['Black'],
      brand: 'Nordic',
      min: '10',
      max: '50.5',
      inStock: true,
      sort: 'price-asc',
      page: 2,
    });
  });

  it('falls back to the defaults for missing or malformed values', () => {
    const state = parseBrowse('?sort=cheapest&page=-3&min=abc&max=1.234&size=,,&instock=yes');
    expect(state).toMatchObject({ sort: 'newest', page: 1, min: '', max: '', sizes: [], inStock: false });
    expect(parseBrowse('?page=x').page).toBe(1);
  });

  it('writes short links: defaults are left out, and an all-default state is no search part at all', () => {
    expect(browseSearch(parseBrowse(''))).toBe('');
    expect(browseSearch({ ...parseBrowse(''), sort: 'newest', page: 1, q: 'coat' })).toBe('?q=coat');
  });

  it('reads back what it writes', () => {
    const search = '?q=tee&size=M%2CL&color=Black&brand=Nordic&min=10&max=50&instock=1&sort=popular&page=3';
    expect(browseSearch(parseBrowse(search))).toBe(search);
    expect(parseBrowse(browseSearch(parseBrowse(search)))).toEqual(parseBrowse(search));
  });

  it('turns the state into the list endpoint query, the path fixing the category or brand', () => {
    const state = parseBrowse('?q=tee&size=M,L&brand=Other&min=10&instock=1&sort=price-desc&page=2');
    expect(toApiQuery(state, { kind: 'search' })).toEqual({
      page: 2,
      limit: PAGE_SIZES.storefrontListing,
      sortBy: 'finalPrice',
      sortOrder: 'desc',
      search: 'tee',
      brand: 'Other',
      size: 'M,L',
      minPrice: '10',
      inStock: 'true',
    });
    expect(toApiQuery(state, { kind: 'brand', name: 'Nordic' }).brand).toBe('Nordic');
    expect(toApiQuery(state, { kind: 'category', name: 'Coats' })).toMatchObject({ category: 'Coats', brand: 'Other' });
  });

  it('counts the filters a shopper set, not the search words, sort or page', () => {
    expect(activeFilterCount(parseBrowse('?q=tee&sort=popular&page=4'))).toBe(0);
    expect(activeFilterCount(parseBrowse('?size=M,L&color=Black&brand=Nordic&min=5&max=9&instock=1'))).toBe(6);
  });
});
