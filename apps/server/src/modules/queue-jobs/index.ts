export { queueJobRoutes } from './queue-jobs.routes.js';
