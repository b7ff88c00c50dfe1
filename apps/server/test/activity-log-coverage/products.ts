import { brands, categories } from '../../src/db/schema/index.js';
import { buildProduct } from '../factories.js';
import { call } from '../harness.js';
import { imageForm } from './taxonomy.js';
import { type CoverageContext, dataOf, type Scenario, type ScenarioTable } from './types.js';

let seq = 0;
const tag = () => `${++seq}-${Date.now().toString(36)}`;

/** A moderator (the narrowest staff role allowed to write the catalogue and stock) and a product to act on. */
async function moderatorAndProduct(ctx: CoverageContext) {
  const moderator = await ctx.staff('moderator');
  const { product } = await buildProduct(ctx.app.db, {}, [{ size: 'M', color: 'Black', quantity: 10 }]);
  return { moderator, product };
}

const createProduct: Scenario = async (ctx) => {
  const admin = await ctx.staff('admin');
  const name = tag();
  await ctx.app.db.insert(categories).values({ name: `Coverage category ${name}` });
  await ctx.app.db.insert(brands).values({ name: `Coverage brand ${name}` });
  const body = {
    name: `Coverage Shirt ${name}`,
    sku: `COV-${name}`.toUpperCase(),
    description: 'Made by the coverage test.',
    category: `Coverage category ${name}`,
    subcategory: 'Shirts',
    brand: `Coverage brand ${name}`,
    price: 40,
    inventory: [{ size: 'M', color: 'White', quantity: 3 }],
  };
  return {
    call: () => call(ctx.app, 'POST', '/api/products', { token: admin.token, body }),
    expected: (res) => ({
      userId: admin.user.id,
      action: 'create',
      resource: 'product',
      resourceId: dataOf<{ product: { id: string } }>(res).product.id,
      changes: ['name', 'sku', 'price'],
    }),
  };
};

const updateProduct: Scenario = async (ctx) => {
  const { moderator, product } = await moderatorAndProduct(ctx);
  return {
    call: () =>
      call(ctx.app, 'PUT', `/api/products/${product.id}`, {
        token: moderator.token,
        body: { name: `Renamed ${tag()}`, price: 31.5 },
      }),
    expected: () => ({
      userId: moderator.user.id,
      action: 'update',
      resource: 'product',
      resourceId: product.id,
      changes: ['name', 'price'],
    }),
  };
};

const deleteProduct: Scenario = async (ctx) => {
  const { moderator, product } = await moderatorAndProduct(ctx);
  return {
    call: () => call(ctx.app, 'DELETE', `/api/products/${product.id}`, { token: moderator.token }),
    expected: () => ({ userId: moderator.user.id, action: 'delete', resource: 'product', resourceId: product.id }),
  };
};

const productStatus: Scenario = async (ctx) => {
  const { moderator, product } = await moderatorAndProduct(ctx);
  return {
    call: () =>
      call(ctx.app, 'PUT', `/api/admin/products/${product.id}/status`, {
        token: moderator.token,
        body: { isActive: !product.isActive, isFeatured: !product.isFeatured },
      }),
    expected: () => ({
      userId: moderator.user.id,
      action: 'update_status',
      resource: 'product',
      resourceId: product.id,
      changes: ['isActive', 'isFeatured'],
    }),
  };
};

/** One stock change of the product's M/Black combination, logged as `action` with the quantity before/after. */
function stockScenario(method: 'POST' | 'PUT', path: string, body: Record<string, unknown>, action: string): Scenario {
  return async (ctx) => {
    const { moderator, product } = await moderatorAndProduct(ctx);
    return {
      call: () =>
        call(ctx.app, method, path.replace(':id', product.id), {
          token: moderator.token,
          body: { size: 'M', color: 'Black', ...body },
        }),
      expected: () => ({
        userId: moderator.user.id,
        action,
        resource: 'inventory',
        resourceId: product.id,
        changes: ['quantity'],
      }),
    };
  };
}

const addCombination: Scenario = async (ctx) => {
  const { moderator, product } = await moderatorAndProduct(ctx);
  return {
    call: () =>
      call(ctx.app, 'POST', `/api/products/${product.id}/inventory`, {
        token: moderator.token,
        body: { size: 'XL', color: 'Teal', quantity: 4 },
      }),
    expected: () => ({ userId: moderator.user.id, action: 'create', resource: 'inventory', resourceId: product.id }),
  };
};

const replaceInventory: Scenario = async (ctx) => {
  const { moderator, product } = await moderatorAndProduct(ctx);
  return {
    call: () =>
      call(ctx.app, 'PUT', `/api/products/${product.id}/inventory`, {
        token: moderator.token,
        body: {
          inventory: [
            { size: 'M', color: 'Black', quantity: 12 },
            { size: 'L', color: 'Black', quantity: 2 },
          ],
        },
      }),
    expected: () => ({
      userId: moderator.user.id,
      action: 'update',
      resource: 'inventory',
      resourceId: product.id,
      changes: ['inventory'],
    }),
  };
};

/** Uploads store files only (nothing in the database changes): one `upload image` row without a resource id. */
function uploadScenario(path: string, field: string): Scenario {
  return async (ctx) => {
    const moderator = await ctx.staff('moderator');
    const form = await imageForm(field);
    return {
      call: () => call(ctx.app, 'POST', path, { token: moderator.token, body: form.body, headers: form.headers }),
      expected: () => ({ userId: moderator.user.id, action: 'upload', resource: 'image', resourceId: null }),
    };
  };
}

/** Catalogue writes (admin, moderator), stock per size/color (inventory rule) and image uploads. */
export const productsScenarios: ScenarioTable = {
  'POST /api/products': createProduct,
  'PUT /api/products/:id': updateProduct,
  'DELETE /api/products/:id': deleteProduct,
  'PUT /api/admin/products/:id/status': productStatus,
  'POST /api/products/:id/stock/add': stockScenario(
    'POST',
    '/api/products/:id/stock/add',
    { quantity: 5 },
    'stock_add',
  ),
  'POST /api/products/:id/stock/remove': stockScenario(
    'POST',
    '/api/products/:id/stock/remove',
    { quantity: 4, reason: 'damaged' },
    'stock_remove',
  ),
  'PUT /api/admin/products/:id/inventory': stockScenario(
    'PUT',
    '/api/admin/products/:id/inventory',
    { quantity: 7, operation: 'set' },
    'stock_set',
  ),
  'POST /api/products/:id/inventory': addCombination,
  'PUT /api/products/:id/inventory': replaceInventory,
  'POST /api/images/upload-multiple': uploadScenario('/api/images/upload-multiple', 'images'),
  'POST /api/upload': uploadScenario('/api/upload', 'image'),
};
