export { bulkRoutes } from './bulk.routes.js';
export { bulkJobHandler } from './bulk-job.js';
export { CustomerBulkService } from './customer-bulk.service.js';
export { OrderBulkService } from './order-bulk.service.js';
export { ProductBulkService } from './product-bulk.service.js';
