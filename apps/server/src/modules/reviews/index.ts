export { discardReviewPhotos, photosOfReviews } from './review-photos.service.js';
export { newestPublishedReviews } from './review-views.js';
export { reviewRoutes } from './reviews.routes.js';
