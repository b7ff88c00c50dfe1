export { toSavedAddress } from './address-view.js';
export { profileRoutes } from './profile.routes.js';
