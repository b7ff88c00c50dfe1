export { returnRoutes } from './returns.routes.js';
