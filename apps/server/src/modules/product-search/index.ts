export { productSearch } from './product-search.js';
