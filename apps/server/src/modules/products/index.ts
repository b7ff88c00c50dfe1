export { CatalogueWriteService } from './catalogue-write.service.js';
export { recordProductChanges } from './product-events.js';
export { productFilters } from './product-filters.js';
export { loadStorefrontProduct } from './product-view.js';
export { productAdminRoutes } from './products.admin.routes.js';
export { productReadRoutes } from './products.routes.js';
export { productStockRoutes } from './products.stock.routes.js';
export { queryStorefrontSummaries } from './storefront-list.js';
