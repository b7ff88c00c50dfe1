/** `npm run bench`: performance checks with printed figures. Each benchmark lives beside this file. */
import { benchAnalytics } from './analytics.js';

await benchAnalytics();
