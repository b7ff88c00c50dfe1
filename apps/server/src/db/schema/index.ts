export * from './activity-logs.js';
export * from './analytics.js';
export * from './carts.js';
export * from './catalogue.js';
export * from './orders.js';
export * from './saved-views.js';
export * from './staff-security.js';
export * from './users.js';
