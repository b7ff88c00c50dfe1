export { usersRoutes } from './users.routes.js';
export { isUniqueViolation, USER_NOT_FOUND } from './users.service.js';
