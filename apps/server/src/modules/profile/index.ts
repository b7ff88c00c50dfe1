export { toSavedAddress } from './address-view.js';
export { profileRoutes } from './profile.routes.js';
export type { CustomerChanged } from './profile.service.js';
