export { locationRoutes } from './locations.routes.js';
export { pickupLocationsForCart } from './pickup.js';
