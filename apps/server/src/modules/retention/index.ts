export { startRetention } from './retention.js';
