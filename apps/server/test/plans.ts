import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../src/db/client.js';

/**
 * The planner's text plan of `query` with sequential scans closed: test tables are small enough to be read whole, so
 * this shows whether an index can serve the query at all.
 */
export function indexPlan(db: Db, query: SQL): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const rows = await queryRows<{ 'QUERY PLAN': string }>(tx, sql`EXPLAIN ${query}`);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}
