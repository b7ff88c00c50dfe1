export { registerStorefront } from './storefront.js';
