import { z } from 'zod';
import { pageQuery, paginationView } from '../api.js';
import { PAGE_SIZES } from '../constants.js';
import { endpoint } from '../contract.js';
import { envelope, messageEnvelope } from '../envelopes.js';
import { idParams } from '../id-params.js';
import { productListRow } from '../product-rows.js';
import { productEnvelope, productView, taxonomyItemView } from '../product-views.js';
import {
  adminProductListQuery,
  limitQuery,
  PRODUCT_MESSAGES,
  productInput,
  productListQuery,
  productStatusInput,
  productUpdateInput,
} from '../products.js';
import { storefrontProductSummary, storefrontProductView } from '../storefront.js';

/** Staff views: the back office, staff-only routes and staff callers of the storefront paths. */
const productListEnvelope = envelope(z.object({ products: z.array(productView), pagination: paginationView }));
const productsEnvelope = envelope(z.object({ products: z.array(productView) }));
/** The back office's list also says how many products the whole catalogue holds (the screens' "X of Y products"). */
const adminProductListEnvelope = envelope(
  z.object({
    products: z.array(productView),
    pagination: paginationView,
    catalogue: z.object({ total: z.number(), exact: z.boolean() }),
  }),
);
/** The Products screen's rows: the same page and counts with only the fields a row shows. */
const adminProductRowsEnvelope = envelope(
  z.object({
    products: z.array(productListRow),
    pagination: paginationView,
    catalogue: z.object({ total: z.number(), exact: z.boolean() }),
  }),
);
/**
 * Storefront views: what anonymous callers and customers get, so no staff-only field is named. One product is the
 * full storefront view; lists carry the lean summary (a card's fields).
 */
const storefrontEnvelope = envelope(z.object({ product: storefrontProductView }));
const storefrontListEnvelope = envelope(
  z.object({ products: z.array(storefrontProductSummary), pagination: paginationView }),
);
const storefrontProductsEnvelope = envelope(z.object({ products: z.array(storefrontProductSummary) }));

const tag = 'products';
const params = idParams('product');
const description = 'Anonymous callers and customers get the storefront view; staff get the staff view.';
const listDescription =
  'Anonymous callers and customers get the storefront summary of each product (read one product by slug for the full view); staff get the staff view.';

const productExample = {
  name: 'Classic Tee',
  sku: 'TEE-CLASSIC-01',
  description: 'A soft cotton tee for every day.',
  category: 'T-Shirts',
  subcategory: 'Basics',
  brand: 'Seamline',
  price: 24.99,
  comparePrice: 29.99,
  costPrice: 9.5,
  salePrice: null,
  weight: 0.2,
  dimensions: { length: 30, width: 25, height: 2 },
  seo: { title: 'Classic Tee', description: 'A soft cotton tee', keywords: ['tee', 'cotton'], slug: '' },
  tags: ['basics', 'cotton'],
  isActive: true,
  isFeatured: false,
  isTikTokTrending: false,
  inventory: [{ size: 'M', color: 'Black', quantity: 20, lowStockThreshold: 5 }],
  images: [],
};

/** The catalogue: storefront reads (staff get the staff view) and staff writes. */
export const productContracts = {
  list: endpoint({
    operationId: 'listProducts',
    method: 'GET',
    path: '/products',
    summary: 'List products (search, filter by category, brand, price and flags; sort)',
    description:
      `${listDescription} Shoppers see active products only. \`size\` and \`color\` take comma lists in any case ` +
      '(some variant has one of the sizes in one of the colors); `inStock=true` keeps products with units to sell. ' +
      '`sortBy=popularity` is most reviewed, then best rated; `sortBy=finalPrice` and, for shoppers, ' +
      '`minPrice`/`maxPrice` use the price the shopper pays (the sale price when on sale). `ids` (comma list or ' +
      "repeated, 1 to 100 product ids, 400 otherwise) keeps only those products, for a guest's wishlist: products " +
      'that are unknown or not sold are left out, and no view is counted.',
    tag,
    access: 'public',
    query: productListQuery,
    responses: { 200: storefrontListEnvelope },
    staffResponse: productListEnvelope,
  }),
  featured: endpoint({
    operationId: 'listFeaturedProducts',
    method: 'GET',
    path: '/products/featured',
    summary: 'Featured products',
    description: `${listDescription} Active featured products, best rated first.`,
    tag,
    access: 'public',
    query: limitQuery(PAGE_SIZES.featured),
    responses: { 200: storefrontProductsEnvelope },
    staffResponse: productsEnvelope,
  }),
  trending: endpoint({
    operationId: 'listTrendingProducts',
    method: 'GET',
    path: '/products/trending',
    summary: 'TikTok-trending products',
    description: `${listDescription} Active trending products, best rated first.`,
    tag,
    access: 'public',
    query: limitQuery(PAGE_SIZES.featured),
    responses: { 200: storefrontProductsEnvelope },
    staffResponse: productsEnvelope,
  }),
  categories: endpoint({
    operationId: 'listProductCategories',
    method: 'GET',
    path: '/products/categories',
    summary: 'Categories with their product counts (staff also see inactive ones)',
    description:
      'Every category with how many products it holds: active products only for shoppers, all products for staff.',
    tag,
    access: 'public',
    responses: { 200: envelope(z.object({ categories: z.array(taxonomyItemView) })) },
  }),
  brands: endpoint({
    operationId: 'listProductBrands',
    method: 'GET',
    path: '/products/brands',
    summary: 'Brands with their product counts (staff also see inactive ones)',
    description:
      'Every brand with how many products it holds: active products only for shoppers, all products for staff.',
    tag,
    access: 'public',
    responses: { 200: envelope(z.object({ brands: z.array(taxonomyItemView) })) },
  }),
  bySlug: endpoint({
    operationId: 'getProductBySlug',
    method: 'GET',
    path: '/products/slug/:slug',
    summary: 'Get one product by its slug',
    description:
      `${description} Shoppers find active products only (404 "${PRODUCT_MESSAGES.notFound}" otherwise); their ` +
      'read counts as a view of the product.',
    tag,
    access: 'public',
    params: z.object({ slug: z.string().max(200) }),
    responses: { 200: storefrontEnvelope },
    staffResponse: productEnvelope,
    errors: [404],
  }),
  byCategory: endpoint({
    operationId: 'listProductsByCategory',
    method: 'GET',
    path: '/products/category/:category',
    summary: 'Products of one category (by name or id)',
    description:
      `${listDescription} The category is matched by id or by name in any case (404 "Category not found"); ` +
      'active products only, newest first.',
    tag,
    access: 'public',
    params: z.object({ category: z.string().max(100) }),
    query: pageQuery(PAGE_SIZES.productsByCategory),
    responses: { 200: storefrontListEnvelope },
    staffResponse: productListEnvelope,
    errors: [404],
  }),
  get: endpoint({
    operationId: 'getProduct',
    method: 'GET',
    path: '/products/:id',
    summary: 'Get one product',
    description:
      `${description} Shoppers find active products only (404 "${PRODUCT_MESSAGES.notFound}" otherwise); their ` +
      'read counts as a view of the product.',
    tag,
    access: 'public',
    params,
    responses: { 200: storefrontEnvelope },
    staffResponse: productEnvelope,
  }),
  related: endpoint({
    operationId: 'listRelatedProducts',
    method: 'GET',
    path: '/products/:id/related',
    summary: 'Products related to one product (same category or brand)',
    description:
      `${listDescription} Active products of the same category, same brand first, then best rated. 404 ` +
      `"${PRODUCT_MESSAGES.notFound}" (for shoppers also when the product is inactive).`,
    tag,
    access: 'public',
    params,
    query: limitQuery(PAGE_SIZES.related),
    responses: { 200: storefrontProductsEnvelope },
    staffResponse: productsEnvelope,
  }),
  create: endpoint({
    operationId: 'createProduct',
    method: 'POST',
    path: '/products',
    summary: 'Add a product with its inventory and images',
    description:
      '`category` and `brand` are names or ids (400 "Category not found" or 400 "Brand not found"). 409 ' +
      `"${PRODUCT_MESSAGES.skuTaken}"; a typed slug that is taken answers 409 "${PRODUCT_MESSAGES.slugTaken}", one ` +
      'made from the name gets -2, -3… Variant SKUs and barcodes are generated when not given and must be unique ' +
      `(409 "${PRODUCT_MESSAGES.variantSkuTaken}", 409 "${PRODUCT_MESSAGES.barcodeTaken}"). Each variant's stock ` +
      'is written as a stock movement; recorded in the activity log.',
    tag,
    access: 'catalogueWrite',
    body: productInput,
    bodyExample: productExample,
    responses: { 201: productEnvelope },
    errors: [409],
  }),
  update: endpoint({
    operationId: 'updateProduct',
    method: 'PUT',
    path: '/products/:id',
    summary: 'Edit a product (fields left out keep their value)',
    description:
      'Same rules as adding. `images` replaces the list (pictures no longer used are deleted from storage); ' +
      '`inventory` replaces the combinations, and one reserved by orders cannot be removed or set below its ' +
      `reserved units (409). 404 "${PRODUCT_MESSAGES.notFound}".`,
    tag,
    access: 'catalogueWrite',
    params,
    body: productUpdateInput,
    bodyExample: productExample,
    responses: { 200: productEnvelope },
    errors: [409],
  }),
  remove: endpoint({
    operationId: 'deleteProduct',
    method: 'DELETE',
    path: '/products/:id',
    summary: 'Delete a product with its inventory, movements and images',
    description:
      'For good: order lines keep their copy of the product. Recorded in the activity log. ' +
      `404 "${PRODUCT_MESSAGES.notFound}".`,
    tag,
    access: 'catalogueWrite',
    params,
    responses: { 200: messageEnvelope },
  }),
  adminList: endpoint({
    operationId: 'listProductsForStaff',
    method: 'GET',
    path: '/admin/products',
    summary: 'A page of products with staff fields, searched, filtered and sorted (20 per page by default)',
    description:
      'Inactive products included. Besides the storefront filters: `stock=out|low|moderate|in` (the four stock ' +
      'statuses); `minPrice`/`maxPrice` apply to the price. `catalogue` counts the whole catalogue ' +
      '("X of Y products").',
    tag,
    access: 'catalogueRead',
    query: adminProductListQuery,
    responses: { 200: adminProductListEnvelope },
  }),
  adminRows: endpoint({
    operationId: 'listProductRowsForStaff',
    method: 'GET',
    path: '/admin/products/rows',
    summary: 'A page of product list rows: the staff list with only what a list row shows',
    description:
      'The same page, filters, search, sort and counts as `GET /admin/products`, each product reduced to what the ' +
      "back office's product list shows: name, SKU, category, subcategory and brand names, price and sale price, " +
      'active flag, available units, stock status and the first thumbnail. Read one product ' +
      '(`GET /products/:id`) for the full staff view.',
    tag,
    access: 'catalogueRead',
    query: adminProductListQuery,
    responses: { 200: adminProductRowsEnvelope },
  }),
  setStatus: endpoint({
    operationId: 'setProductStatus',
    method: 'PUT',
    path: '/admin/products/:id/status',
    summary: 'Set the active, featured or trending flag of a product',
    description: `Recorded in the activity log. 404 "${PRODUCT_MESSAGES.notFound}".`,
    tag,
    access: 'catalogueWrite',
    params,
    body: productStatusInput,
    bodyExample: { isActive: false },
    responses: { 200: productEnvelope },
  }),
};
