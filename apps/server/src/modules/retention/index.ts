export { purgeExpiredRows, RETENTION_TASK, registerRetention } from './retention.js';
