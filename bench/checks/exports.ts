import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../apps/server/src/db/client.js';
import { type BenchContext, staffHeaders } from '../lib/http.js';
import type { Figure } from '../lib/table.js';

const GROUP = 'exports';
/** The server's resident memory may grow by less than this while it streams every order: flat, not per row. */
const RSS_GROWTH_TARGET_MB = 200;
const MB = 2 ** 20;

/** A process's resident memory now (VmRSS) and at its peak so far (VmHWM), in MB, from /proc. */
function residentMb(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { now: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

export type OrderLines = { orders: number; lines: number };

/** How many rows the unfiltered orders export has: one per order line, one for an order without lines. */
export async function orderLines(db: DbOrTx): Promise<OrderLines> {
  const [counted] = await queryRows<OrderLines>(
    db,
    sql`SELECT (SELECT count(*) FROM orders)::int AS orders,
      (SELECT count(*) FROM order_items)::int + (SELECT count(*) FROM orders o
        WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id))::int AS lines`,
  );
  return counted ?? { orders: 0, lines: 0 };
}

/**
 * Every order with its lines as the Orders screen's "Export CSV" asks for it, unfiltered, over HTTP from the running
 * server: the file is counted as it arrives (never held), while the server's resident memory is sampled every 100 ms.
 */
export async function exportsCheck(
  ctx: BenchContext,
  figures: Figure[],
  expected: OrderLines,
  serverPid: number,
): Promise<void> {
  const before = residentMb(serverPid).now;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentMb(serverPid).now);
  }, 100);
  const started = performance.now();
  let bytes = 0;
  let newlines = 0;
  try {
    const res = await fetch(`${ctx.baseUrl}/api/admin/orders/export.csv`, { headers: staffHeaders(ctx.token) });
    if (!res.ok || !res.body) throw new Error(`the orders export answered ${res.status}`);
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      const buffer = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      for (let at = buffer.indexOf(10); at !== -1; at = buffer.indexOf(10, at + 1)) newlines += 1;
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, residentMb(serverPid).now);
  // No exported cell holds a line break, so each line after the header is one order line.
  const rows = newlines - 1;
  const push = (name: string, value: number, unit: Figure['unit'], extra: Partial<Figure> = {}) =>
    figures.push({ group: GROUP, name, value, unit, ...extra });
  push('orders CSV rows', rows, 'count', {
    bound: 'min',
    // At least the lines counted before the server started (an earlier check may have placed more orders).
    target: expected.lines,
    note: `${expected.orders.toLocaleString('en-US')} orders, one row per line`,
  });
  push('orders CSV size', bytes / MB, 'MB');
  push('orders CSV time', seconds, 's', { note: `${Math.round(rows / seconds).toLocaleString('en-US')} rows/s` });
  push('server RSS before', before, 'MB');
  push('server RSS peak', peak, 'MB');
  push('server RSS growth', peak - before, 'MB', { bound: 'max', target: RSS_GROWTH_TARGET_MB });
  console.log(
    `  orders export: ${rows.toLocaleString('en-US')} rows, ${(bytes / MB).toFixed(0)} MB in ${seconds.toFixed(1)} s ` +
      `(${Math.round(rows / seconds).toLocaleString('en-US')} rows/s); server RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB`,
  );
}
