export { anonymisedEmail, eraseAccount } from './erasure.js';
