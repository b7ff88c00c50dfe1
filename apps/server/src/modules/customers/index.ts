export { recordCustomerUpdated } from './customer-events.js';
export { assertCustomerCanOrder } from './customer-guard.js';
export { statsFor, toAdminCustomer } from './customer-stats.js';
export { customerRoutes } from './customers.routes.js';
export { customerListCondition } from './customers.service.js';
