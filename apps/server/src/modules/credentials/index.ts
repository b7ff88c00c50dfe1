export { claimLoginAttempt, clearLoginFailures } from './login-throttle.js';
export { checkCurrentPassword } from './reauth.js';
