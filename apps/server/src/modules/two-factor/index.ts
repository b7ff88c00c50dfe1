export { twoFactorRoutes } from './two-factor.routes.js';
export { TwoFactorService } from './two-factor.service.js';
