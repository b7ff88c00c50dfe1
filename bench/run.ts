/** `npm run bench`: performance checks with printed figures. Each benchmark lives beside this file. */
import { activitySearchBench } from './activity-search.js';

await activitySearchBench();
