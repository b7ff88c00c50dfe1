export { reviewRoutes } from './reviews.routes.js';
