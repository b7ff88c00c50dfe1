export { brandsRoutes, categoriesRoutes } from './taxonomy.routes.js';
