import autocannon from 'autocannon';
import { percentile } from './stats.js';

export type LoadOptions = {
  url: string;
  connections: number;
  /** Run for this many seconds… */
  seconds?: number;
  /** …or send exactly this many requests (takes precedence). */
  amount?: number;
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  /** A fresh JSON body for each request (checkout sends a different order each time). */
  body?: () => unknown;
  /**
   * Seconds of the same load first, not counted: a fresh server is still compiling its code, opening its pooled
   * connections and preparing their statements.
   */
  warmUpSeconds?: number;
};

export type LoadResult = {
  requests: number;
  /** How long the run lasted. */
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers by status code. */
  statuses: Map<number, number>;
  /** Connection errors and timeouts (no HTTP answer at all). */
  errors: number;
};

export const countOf = (result: LoadResult, test: (status: number) => boolean) =>
  [...result.statuses].reduce((sum, [status, n]) => sum + (test(status) ? n : 0), 0);

/**
 * Drives one URL over real HTTP with autocannon and keeps every response time, so percentiles are exact (autocannon's
 * own summary has no p95).
 */
export async function load(options: LoadOptions): Promise<LoadResult> {
  if (options.warmUpSeconds) {
    const { warmUpSeconds, amount: _amount, ...warmUp } = options;
    await load({ ...warmUp, seconds: warmUpSeconds });
  }
  const times: number[] = [];
  const statuses = new Map<number, number>();
  const makeBody = options.body;
  // Without a callback autocannon returns its event emitter made thenable; its type declaration says only Promise.
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds ?? 5,
    ...(options.amount ? { amount: options.amount } : {}),
    method: options.method ?? 'GET',
    headers: { ...(makeBody ? { 'content-type': 'application/json' } : {}), ...options.headers },
    timeout: 30,
    ...(makeBody
      ? { requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify(makeBody()) }) }] }
      : {}),
  }) as unknown as autocannon.Instance & Promise<autocannon.Result>;
  // autocannon passes the client first; its type declaration leaves it out.
  instance.on('response', ((_client: unknown, status: number, _bytes: number, ms: number) => {
    times.push(ms);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }) as never);
  const result = await instance;
  return {
    requests: times.length,
    seconds: result.duration,
    perSecond: times.length / Math.max(result.duration, 0.001),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    statuses,
    errors: result.errors + result.timeouts,
  };
}

/** "200 ×1234, 409 ×5" */
export const statusText = (result: LoadResult) =>
  [...result.statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status} ×${n}`)
    .join(', ') + (result.errors ? `, ${result.errors} connection errors` : '');
