/** `npm run bench`: performance checks with printed figures. Each benchmark lives beside this file. */
import { activitySearchBench } from './activity-search.js';
import { benchAnalytics } from './analytics.js';
import { benchColdStart } from './cold-start.js';
import { benchProductSearch, PRODUCT_SEARCH_BUDGET_MS } from './products-search.js';

const search = await benchProductSearch();
console.log(
  `GET /api/products?search=… on the demo catalogue: median ${search.medianMs} ms (budget ${PRODUCT_SEARCH_BUDGET_MS} ms)`,
);
for (const [query, ms] of Object.entries(search.perSearch)) console.log(`  "${query}": ${ms} ms`);
if (!search.ok) {
  console.error('Product search is over its budget.');
  process.exitCode = 1;
}

await activitySearchBench();
await benchAnalytics();

if (!(await benchColdStart()).ok) {
  console.error('Cold start is over its budget.');
  process.exitCode = 1;
}
