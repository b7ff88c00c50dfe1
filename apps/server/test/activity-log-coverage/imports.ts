import { brands, categories } from '../../src/db/schema/index.js';
import { call } from '../harness.js';
import { multipartBody } from '../uploads.js';
import { dataOf, type Scenario, type ScenarioTable } from './types.js';

/**
 * A product import writes its one row when its job ends (the dry run writes none): the call under test queues the
 * job and waits for it, answering the finished job.
 */
const importProducts: Scenario = async (ctx) => {
  const moderator = await ctx.staff('moderator');
  const tag = Date.now().toString(36).toUpperCase();
  await ctx.app.db.insert(categories).values({ name: `Import category ${tag}` });
  await ctx.app.db.insert(brands).values({ name: `Import brand ${tag}` });
  const csv = `product_sku,name,category,subcategory,brand,price,size,color,quantity\nIMPCOV-${tag},Coverage Tee,Import category ${tag},Tees,Import brand ${tag},20,M,Black,3\n`;
  const { body, headers } = multipartBody([{ name: 'file', filename: 'coverage.csv', data: csv }]);
  return {
    call: async () => {
      const started = await call(ctx.app, 'POST', '/api/admin/products/import?dryRun=false', {
        token: moderator.token,
        body,
        headers,
      });
      const id = dataOf<{ job: { id: string } }>(started).job.id;
      for (;;) {
        const res = await call(ctx.app, 'GET', `/api/admin/jobs/${id}`, { token: moderator.token });
        const { job } = dataOf<{ job: { status: string } }>(res);
        if (job.status === 'completed' || job.status === 'failed') return { ...res, status: started.status };
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    expected: (res) => ({
      userId: moderator.user.id,
      action: 'import',
      resource: 'product',
      resourceId: dataOf<{ job: { id: string } }>(res).job.id,
    }),
  };
};

export const importScenarios: ScenarioTable = {
  'POST /api/admin/products/import': importProducts,
};
