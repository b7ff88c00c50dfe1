import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './auth/auth.routes.js';
import { brandsRoutes } from './brands/brands.routes.js';
import { categoriesRoutes } from './categories/categories.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { imageRoutes } from './images/images.routes.js';
import { inventoryRoutes } from './inventory/inventory.routes.js';
import { productAdminRoutes } from './products/products.admin.routes.js';
import { productReadRoutes } from './products/products.routes.js';
import { productStockRoutes } from './products/products.stock.routes.js';
import { usersRoutes } from './users/users.routes.js';

/** Every feature's routes, registered under /api. */
export const apiModules: FastifyPluginAsyncZod[] = [
  healthRoutes,
  authRoutes,
  brandsRoutes,
  categoriesRoutes,
  usersRoutes,
  imageRoutes,
  productAdminRoutes,
  productReadRoutes,
  productStockRoutes,
  inventoryRoutes,
];
