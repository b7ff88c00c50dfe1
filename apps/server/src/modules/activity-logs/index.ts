export { activityLogRoutes } from './activity-logs.routes.js';
export { activityLogColumns, activityLogConditions, toEntry } from './activity-logs.service.js';
