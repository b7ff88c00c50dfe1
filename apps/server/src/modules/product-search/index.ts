export { productSearch } from './product-search.js';
export { forgetTaxonomyNames } from './taxonomy-names.js';
