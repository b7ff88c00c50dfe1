export { exportRoutes } from './exports.routes.js';
