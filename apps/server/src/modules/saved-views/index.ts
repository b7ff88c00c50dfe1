export { savedViewRoutes } from './saved-views.routes.js';
