import { HTTP } from '@seamline/shared';
import { describe, expect, it } from 'vitest';
import { isIdempotent, parseRetryAfter, RetryBudget, retryDelayMs } from './retry';

describe('the retry rules', () => {
  it('counts reads and writes with an Idempotency-Key (any spelling) as idempotent', () => {
    expect(isIdempotent({ method: 'GET' })).toBe(true);
    expect(isIdempotent({ method: 'head' })).toBe(true);
    expect(isIdempotent({ method: 'POST', headers: { 'idempotency-key': 'k' } })).toBe(true);
    expect(isIdempotent({ method: 'PUT' })).toBe(false);
    expect(isIdempotent({ method: 'DELETE', headers: { 'X-Request-Id': 'r' } })).toBe(false);
  });

  it('waits the longer of back-off and Retry-After, lengthened by up to half again, within the cap', () => {
    const policy = HTTP.retry;
    expect([0, 1, 2].map((retry) => retryDelayMs(policy, retry, null, () => 0))).toEqual([1000, 2000, 4000]);
    expect([0, 1, 2].map((retry) => retryDelayMs(policy, retry, null, () => 0.5))).toEqual([1250, 2500, 5000]);
    expect(retryDelayMs(policy, 0, 5000, () => 0)).toBe(5000);
    expect(retryDelayMs(policy, 2, 3000, () => 0)).toBe(4000);
    // The back-off passes the cap by the fourth doubling; Retry-After past the cap is not waited for at all.
    expect(retryDelayMs(policy, 4, null, () => 0.5)).toBe(10_000);
    expect(retryDelayMs(policy, 0, 10_000, () => 0.5)).toBe(10_000);
    expect(retryDelayMs(policy, 0, 10_001, () => 0)).toBeNull();
  });

  it('reads Retry-After as seconds or a date, and nothing else', () => {
    const now = Date.UTC(2030, 0, 1);
    expect(parseRetryAfter('5', now)).toBe(5000);
    expect(parseRetryAfter(new Date(now + 7000).toUTCString(), now)).toBe(7000);
    expect(parseRetryAfter(new Date(now - 7000).toUTCString(), now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-1', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it('refills the budget with time but never past its capacity', () => {
    let now = 0;
    const budget = new RetryBudget(2, 0.5, () => now);
    expect([budget.take(), budget.take(), budget.take()]).toEqual([true, true, false]);
    now += 60_000;
    expect([budget.take(), budget.take(), budget.take()]).toEqual([true, true, false]);
  });
});
