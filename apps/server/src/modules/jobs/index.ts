export { jobRoutes, registerJobs } from './jobs.js';
