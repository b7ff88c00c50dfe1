export { locationRoutes } from './locations.routes.js';
