import { percentile } from './stats.js';

/** What every check gets: the running server, a staff token and the bench settings. */
export type BenchContext = { baseUrl: string; token: string };

export const staffHeaders = (token: string) => ({ authorization: `Bearer ${token}` });

/** One JSON call; throws with the status and answer when it is not 2xx. */
export async function callJson<T>(
  ctx: BenchContext,
  path: string,
  init: { method?: string; body?: unknown; staff?: boolean } = {},
): Promise<T> {
  const res = await fetch(`${ctx.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.staff === false ? {} : staffHeaders(ctx.token)),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

export type Sample = { runs: number; p50: number; p95: number; max: number; failures: string[] };

/**
 * Times one request after another (one user's view, no load): `runs` times, or fewer when `maxSeconds` has passed
 * (at least 3), after one untimed warm-up call.
 */
export async function sample(
  ctx: BenchContext,
  path: string,
  options: { runs: number; maxSeconds: number; staff?: boolean },
): Promise<Sample> {
  const headers = options.staff === false ? {} : staffHeaders(ctx.token);
  const failures: string[] = [];
  const call = async () => {
    const res = await fetch(`${ctx.baseUrl}${path}`, { headers });
    const text = await res.text();
    if (!res.ok) failures.push(`${res.status} ${text.slice(0, 200)}`);
  };
  await call();
  const times: number[] = [];
  const until = performance.now() + options.maxSeconds * 1000;
  while (times.length < options.runs && (times.length < 3 || performance.now() < until)) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  return {
    runs: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: Math.max(...times),
    failures: [...new Set(failures)],
  };
}
