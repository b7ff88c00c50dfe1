export { checkoutRoutes } from './checkout.routes.js';
