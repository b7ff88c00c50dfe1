import { z } from 'zod';
import { pageQuery, paginationView } from '../api.js';
import { PAGE_SIZES } from '../constants.js';
import { endpoint, envelope, messageEnvelope } from '../contract.js';
import { idParams } from '../ids.js';
import {
  adminProductListQuery,
  historyDaysQuery,
  historyPageQuery,
  inventoryChangeView,
  inventoryHistoryDayView,
  inventoryReplaceInput,
  limitQuery,
  productInput,
  productListQuery,
  productStatusInput,
  productUpdateInput,
  productView,
  taxonomyItemView,
} from '../products.js';
import { adminStockInput, newCombinationInput, stockChangeInput } from '../stock-inputs.js';
import { storefrontProductSummary, storefrontProductView } from '../storefront.js';

/** Staff views: the back office, staff-only routes and staff callers of the storefront paths. */
export const productEnvelope = envelope(z.object({ product: productView }));
export const productListEnvelope = envelope(z.object({ products: z.array(productView), pagination: paginationView }));
export const productsEnvelope = envelope(z.object({ products: z.array(productView) }));
/** The back office's list also says how many products the whole catalogue holds (the screens' "X of Y products"). */
const adminProductListEnvelope = envelope(
  z.object({
    products: z.array(productView),
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
    description: listDescription,
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
    description: listDescription,
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
    description: listDescription,
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
    tag,
    access: 'public',
    responses: { 200: envelope(z.object({ categories: z.array(taxonomyItemView) })) },
  }),
  brands: endpoint({
    operationId: 'listProductBrands',
    method: 'GET',
    path: '/products/brands',
    summary: 'Brands with their product counts (staff also see inactive ones)',
    tag,
    access: 'public',
    responses: { 200: envelope(z.object({ brands: z.array(taxonomyItemView) })) },
  }),
  bySlug: endpoint({
    operationId: 'getProductBySlug',
    method: 'GET',
    path: '/products/slug/:slug',
    summary: 'Get one product by its slug',
    description,
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
    description: listDescription,
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
    description,
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
    description: listDescription,
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
    tag,
    access: 'catalogueRead',
    query: adminProductListQuery,
    responses: { 200: adminProductListEnvelope },
  }),
  setStatus: endpoint({
    operationId: 'setProductStatus',
    method: 'PUT',
    path: '/admin/products/:id/status',
    summary: 'Set the active, featured or trending flag of a product',
    tag,
    access: 'catalogueWrite',
    params,
    body: productStatusInput,
    bodyExample: { isActive: false },
    responses: { 200: productEnvelope },
  }),
};

const stockTag = 'inventory';
const stockExample = { size: 'M', color: 'Black', quantity: 5, reason: 'Restock from supplier' };

/** Stock per size/color: every change goes through the one stock function (docs/domain.md § Domain rules). */
export const productStockContracts = {
  add: endpoint({
    operationId: 'addProductStock',
    method: 'POST',
    path: '/products/:id/stock/add',
    summary: 'Add units to one size/color of a product',
    tag: stockTag,
    access: 'inventory',
    params,
    body: stockChangeInput,
    bodyExample: stockExample,
    responses: { 200: productEnvelope },
    errors: [409],
  }),
  remove: endpoint({
    operationId: 'removeProductStock',
    method: 'POST',
    path: '/products/:id/stock/remove',
    summary: 'Remove units from one size/color of a product',
    tag: stockTag,
    access: 'inventory',
    params,
    body: stockChangeInput,
    bodyExample: stockExample,
    responses: { 200: productEnvelope },
    errors: [409],
  }),
  update: endpoint({
    operationId: 'updateProductStock',
    method: 'PUT',
    path: '/admin/products/:id/inventory',
    summary: 'Add to, subtract from or set the stock of one size/color',
    tag: stockTag,
    access: 'inventory',
    params,
    body: adminStockInput,
    bodyExample: { ...stockExample, operation: 'add' },
    responses: { 200: productEnvelope },
    errors: [409],
  }),
  addCombination: endpoint({
    operationId: 'addProductVariant',
    method: 'POST',
    path: '/products/:id/inventory',
    summary: 'Add a size/color combination to a product',
    tag: stockTag,
    access: 'inventory',
    params,
    body: newCombinationInput,
    bodyExample: { size: 'XL', color: 'Navy', quantity: 10, lowStockThreshold: 5, reserved: 0 },
    responses: { 201: productEnvelope },
    errors: [409],
  }),
  replace: endpoint({
    operationId: 'replaceProductInventory',
    method: 'PUT',
    path: '/products/:id/inventory',
    summary: 'Replace the whole list of size/color combinations of a product',
    tag: stockTag,
    access: 'inventory',
    params,
    body: inventoryReplaceInput,
    bodyExample: { inventory: [{ size: 'M', color: 'Black', quantity: 20, lowStockThreshold: 5 }] },
    responses: { 200: productEnvelope },
    errors: [409],
  }),
  history: endpoint({
    operationId: 'listProductStockMovements',
    method: 'GET',
    path: '/products/:id/inventory/history',
    summary: 'Stock movements of a product, newest first, a page at a time',
    tag: stockTag,
    access: 'catalogueRead',
    params,
    query: historyPageQuery,
    responses: {
      200: envelope(z.object({ history: z.array(inventoryChangeView), pagination: paginationView })),
    },
  }),
  historyDays: endpoint({
    operationId: 'listProductStockHistoryByDay',
    method: 'GET',
    path: '/admin/products/:id/inventory/history',
    summary: 'Stock movements of a product over the last days, grouped by day',
    tag: stockTag,
    access: 'catalogueRead',
    params,
    query: historyDaysQuery,
    responses: { 200: envelope(z.array(inventoryHistoryDayView)) },
  }),
};
