import { sql } from 'drizzle-orm';
import { signedIn } from '../apps/server/test/factories.js';
import { call, createTestApp } from '../apps/server/test/harness.js';

const ROWS = 100_000;
const QUERIES = [
  '',
  'search=Item%2099999',
  'search=nomatchatall',
  'search=update',
  'search=staff7%40',
  'search=100%25',
  'resource=order',
  'page=3000',
];

/** Activity-log list and search on 100k rows, with the trigram index and without it. */
export async function activitySearchBench(): Promise<void> {
  const t = await createTestApp();
  try {
    const { token } = await signedIn(t.app, 'admin');
    await t.app.db.execute(sql`insert into activity_logs (id, user_email, action, resource, resource_id, status, details, created_at)
      select lpad(to_hex(g), 24, '0'), 'staff' || (g % 50) || '@example.com',
        (array['create','update','delete','update_status','stock_add','login'])[1 + g % 6],
        (array['product','order','user','coupon','brand','category','inventory'])[1 + g % 7],
        lpad(to_hex(g * 7), 24, '0'), case when g % 13 = 0 then 'failure' else 'success' end,
        jsonb_build_object('name', 'Item ' || g,
          'changes', jsonb_build_object('price', jsonb_build_object('before', g % 100, 'after', g % 100 + 1))),
        now() - (g || ' seconds')::interval
      from generate_series(1, ${ROWS}) g`);
    await t.app.db.execute(sql`analyze activity_logs`);
    const measure = async (label: string) => {
      for (const query of QUERIES) {
        await call(t.app, 'GET', `/api/admin/activity-logs?${query}`, { token });
        const start = performance.now();
        const res = await call(t.app, 'GET', `/api/admin/activity-logs?${query}`, { token });
        const ms = Math.round(performance.now() - start);
        console.log(
          `activity logs ${label} ${query || '(first page)'}: ${ms} ms, ${res.body.data.pagination.total} hits`,
        );
      }
    };
    await measure('with trigram index');
    await t.app.db.execute(sql`drop index activity_logs_search_idx`);
    await measure('without index');
  } finally {
    await t.close();
  }
}
