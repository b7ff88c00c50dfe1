export { imageRoutes } from './images.routes.js';
