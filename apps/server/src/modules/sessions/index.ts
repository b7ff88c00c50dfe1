export { sessionRoutes } from './sessions.routes.js';
