export * from './access.js';
export * from './api.js';
export * from './auth.js';
export * from './constants.js';
export * from './ids.js';
export * from './stock.js';
export * from './coupons.js';
