export { discardReviewPhotos, photosOfReviews } from './review-photos.service.js';
export { reviewRoutes } from './reviews.routes.js';
