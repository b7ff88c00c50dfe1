import {
  isObjectId,
  type Pagination,
  PRODUCT_MESSAGES,
  type ProductListQuery,
  type ProductView,
  pagination,
  STOREFRONT_COUNT_EXACT_LIMIT,
  type StorefrontProductSummary,
  type StorefrontProductView,
  type TaxonomyItemView,
} from '@seamline/shared';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { brands, categories, products } from '../../db/schema/index.js';
import { keptTableRows } from '../../lib/bounded-count.js';
import { notFound } from '../../lib/errors.js';
import { staffViewPage } from './admin-product-list.js';
import { pageRows, productFilters, productOrder, searchWalksSortOrder } from './product-filters.js';
import { loadProduct, loadStorefrontProduct, type ProductPageQuery, queryProducts } from './product-view.js';
import type { ProductViews } from './product-views.js';
import { type LargeCatalogueSearch, queryStorefrontPage, queryStorefrontSummaries } from './storefront-list.js';

/** What a reader is shown of a product: all of it for staff, the storefront view for everyone else. */
export type ProductFor = ProductView | StorefrontProductView;
/** A list's products: all of each for staff, the storefront summaries for everyone else. */
export type Listed = { products: ProductView[] } | { products: StorefrontProductSummary[] };

/**
 * About how many products the database holds, read at most once a minute per database: a search on a catalogue no
 * larger than the count's bound counts, never estimates (a small shop never pays for an estimate it cannot use), in
 * the list's one prepared statement.
 */
const catalogueRows = keptTableRows('products');

/** The storefront breaks ties newest id first whatever the direction (as it always has: stable shared links). */
const orderOf = (query: ProductListQuery) => productOrder(query, 'desc');

/**
 * Reads of the catalogue. `staff` readers see inactive products too and the staff view of each product; storefront
 * readers only active ones, in the storefront view (the route serializes with the matching contract schema).
 */
export class CatalogueReadService {
  constructor(
    private readonly db: Db,
    /** Where storefront reads of one product are counted; absent for readers that never count views. */
    private readonly views?: ProductViews,
  ) {}

  /**
   * A list page: staff readers get the staff view of each product, everyone else the storefront summary.
   * `staffView` apart from `staff`: a staff reader of a storefront listing filters like a shopper.
   */
  async list(query: ProductListQuery, staff: boolean, staffView = staff): Promise<Listed & { pagination: Pagination }> {
    return staffView ? this.page(query, staff) : this.storefrontPage(query);
  }

  /**
   * The storefront list: summaries and their bounded count from one statement (no count when the page is the last
   * one: it already tells how many match); past the exact limit the planner's estimate.
   */
  private async storefrontPage(query: ProductListQuery) {
    const where = await productFilters(this.db, query, false);
    const offset = (query.page - 1) * query.limit;
    const cap = STOREFRONT_COUNT_EXACT_LIMIT;
    const { summaries, count } = await queryStorefrontPage(this.db, {
      where: pageRows(query, where, 'desc', offset + query.limit),
      counted: where,
      orderBy: orderOf(query),
      limit: query.limit,
      offset,
      countCap: cap,
      countFromPage: Boolean(query.search),
      largeSearch: await this.largeCatalogueSearch(query, cap),
    });
    const { total, exact } = count ?? { total: offset + summaries.length, exact: true };
    return { products: summaries, pagination: pagination(query.page, query.limit, total, exact) };
  }

  /** A search of a catalogue larger than the count's bound, with the conditions to walk its sort order when it can. */
  private async largeCatalogueSearch(query: ProductListQuery, cap: number): Promise<LargeCatalogueSearch | undefined> {
    if (!query.search) return undefined;
    const catalogue = await catalogueRows.get(this.db);
    if (catalogue <= cap) return undefined;
    if (!searchWalksSortOrder(query)) return { catalogue };
    return { catalogue, walkWhere: () => productFilters(this.db, query, false, { searchOffIndex: true }) };
  }

  private async page(query: ProductListQuery, staff: boolean) {
    return staffViewPage(this.db, query, await productFilters(this.db, query, staff), 'desc');
  }

  async flagged(flag: 'isFeatured' | 'isTikTokTrending', limit: number, staff: boolean): Promise<Listed> {
    const where = and(eq(products.isActive, true), eq(products[flag], true));
    const orderBy = sql`${products.rating} DESC, ${products.createdAt} DESC`;
    return this.listed({ where, orderBy, limit }, staff);
  }

  /** A list without a total: the staff view for staff, summaries for everyone else. */
  private async listed(q: ProductPageQuery, staff: boolean): Promise<Listed> {
    if (staff) return { products: (await queryProducts(this.db, q)).products };
    return { products: await queryStorefrontSummaries(this.db, q) };
  }

  /**
   * One product by id or slug. A storefront read only finds active products and counts as a view (counted in
   * memory and written in batches, so the read itself never writes); staff reads are not views.
   */
  async one(by: { id: string } | { slug: string }, staff: boolean): Promise<ProductFor> {
    // Shoppers get the lean read (no sales count or creator: neither is in their answer).
    const product = staff
      ? await loadProduct(this.db, 'id' in by ? eq(products.id, by.id) : eq(products.slug, by.slug.toLowerCase()))
      : await loadStorefrontProduct(this.db, by);
    if (!product) throw notFound(PRODUCT_MESSAGES.notFound);
    if (!staff) this.views?.record(product.id);
    return product;
  }

  /** Active products of the same category, same brand first, best rated first. */
  async related(id: string, limit: number, staff: boolean): Promise<Listed> {
    const [base] = await this.db
      .select({ categoryId: products.categoryId, brandId: products.brandId, isActive: products.isActive })
      .from(products)
      .where(eq(products.id, id));
    if (!base || (!staff && !base.isActive)) throw notFound(PRODUCT_MESSAGES.notFound);
    const where = and(eq(products.categoryId, base.categoryId), ne(products.id, id), eq(products.isActive, true));
    const orderBy = sql`(${products.brandId} = ${base.brandId}) DESC, ${products.rating} DESC, ${products.id} DESC`;
    // The page is among the best rated of the same brand and the best rated of the others: two short index walks
    // (brand, rating; rating) instead of sorting the whole category (8,000 products: the statement 21 → 4 ms), on every
    // product page.
    const best = (brand: SQL) =>
      sql`(SELECT ${products.id} FROM ${products} WHERE ${where} AND ${brand}
        ORDER BY ${products.rating} DESC, ${products.id} DESC LIMIT ${limit})`;
    const candidates = sql`ARRAY(${best(eq(products.brandId, base.brandId))} UNION ALL ${best(ne(products.brandId, base.brandId))})`;
    return this.listed({ where: and(where, sql`${products.id} = ANY(${candidates})`), orderBy, limit }, staff);
  }

  /** Active products of one category (staff are shown the staff view of them). */
  async byCategory(category: string, page: number, limit: number, staff: boolean) {
    const [found] = await this.db
      .select({ id: categories.id })
      .from(categories)
      .where(isObjectId(category) ? eq(categories.id, category) : sql`lower(${categories.name}) = lower(${category})`);
    if (!found) throw notFound('Category not found');
    const query: ProductListQuery = {
      page,
      limit,
      category: found.id,
      size: [],
      color: [],
      sortBy: 'createdAt',
      sortOrder: 'desc',
    };
    return this.list(query, false, staff);
  }

  /**
   * Categories or brands for the product forms and filters, with their number of products: all of them for staff,
   * active ones for the storefront.
   */
  async taxonomy(kind: 'categories' | 'brands', staff: boolean): Promise<TaxonomyItemView[]> {
    const table = kind === 'categories' ? categories : brands;
    const image = kind === 'categories' ? categories.image : brands.logo;
    const rows = await this.db
      .select({
        id: table.id,
        name: table.name,
        description: table.description,
        image,
        productCount: sql<number>`(SELECT count(*)::int FROM products p WHERE p.${sql.raw(
          kind === 'categories' ? 'category_id' : 'brand_id',
        )} = ${sql.raw(kind)}.id${staff ? sql`` : sql` AND p.is_active`})`,
      })
      .from(table)
      .orderBy(asc(table.name));
    return rows.map((r) => ({ _id: r.id, ...r, productCount: Number(r.productCount) }));
  }
}
