export { wishlistRoutes } from './wishlist.routes.js';
