export { transferRoutes } from './transfers.routes.js';
