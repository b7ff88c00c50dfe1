import { HTTP } from '@seamline/shared';

/** The numbers of the retry policy (HTTP.retry in @seamline/shared explains them). */
export type RetryPolicy = {
  maxRetries: number;
  initialDelayMs: number;
  multiplier: number;
  jitter: number;
  maxDelayMs: number;
  budget: number;
  budgetRefillPerSecond: number;
};

/**
 * The policy and its sources of time and chance. Tests pass their own clock, dice and wait so the rules are checked
 * exactly without waiting seconds; the apps use the defaults.
 */
export type RetryOptions = Partial<RetryPolicy> & {
  /** A number in [0, 1), as Math.random. */
  random?: () => number;
  /** Milliseconds, as Date.now. */
  now?: () => number;
  /** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
};

/** The answers that say "not now, later": rate limited, or the server shedding load. */
const RETRIED_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** What the retry rules need to know about a call; `idempotent`: a POST its contract says may be sent twice. */
export type CallShape = { method: string; headers?: Record<string, string>; idempotent?: boolean };

const hasIdempotencyKey = (headers: Record<string, string> = {}) =>
  Object.keys(headers).some((name) => name.toLowerCase() === 'idempotency-key');

/**
 * Whether sending the call again cannot do the work twice: reads (GET, HEAD), POSTs their contract calls idempotent,
 * and writes carrying an Idempotency-Key (the server answers a replay with the first answer).
 */
export function isIdempotent(call: CallShape): boolean {
  const method = call.method.toUpperCase();
  return method === 'GET' || method === 'HEAD' || call.idempotent === true || hasIdempotencyKey(call.headers);
}

/**
 * Whether a failed answer may be retried at all. 503 only for idempotent calls: the client cannot tell a shed call
 * from one that failed half-way. 429 for every call, as the spec asks: a rate limit refuses the call
 * before any work is done.
 */
export function isRetryableAnswer(call: CallShape, status: number): boolean {
  if (!RETRIED_STATUSES.has(status)) return false;
  return status === 429 || isIdempotent(call);
}

/** A failure the HTTP client already retried by these rules: repeating it again (a query library) only adds load. */
export const isOverloadStatus = (status: number) => RETRIED_STATUSES.has(status);

/** Retry-After in milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date always ends in GMT ("Wed, 21 Oct 2015 07:28:00 GMT"); Date.parse would also take "-1" as a year.
  if (!trimmed.endsWith('GMT')) return null;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * The wait before retry number `retry` (0 = the first): exponential back-off or the server's Retry-After, whichever
 * is longer, lengthened by up to `jitter` of itself so clients shed together do not come back together, and capped.
 * Null when the server asks for a longer wait than the cap: the call fails now rather than hang.
 */
export function retryDelayMs(
  policy: RetryPolicy,
  retry: number,
  retryAfterMs: number | null,
  random: () => number,
): number | null {
  if (retryAfterMs !== null && retryAfterMs > policy.maxDelayMs) return null;
  const backoff = policy.initialDelayMs * policy.multiplier ** retry;
  const base = Math.max(backoff, retryAfterMs ?? 0);
  return Math.min(policy.maxDelayMs, Math.round(base * (1 + policy.jitter * random())));
}

/** A token bucket: `capacity` retries at once, then `refillPerSecond` more per second. */
export class RetryBudget {
  private tokens: number;
  private refilledAt: number;

  constructor(
    private readonly capacity: number,
    private readonly refillPerSecond: number,
    private readonly now: () => number,
  ) {
    this.tokens = capacity;
    this.refilledAt = now();
  }

  /** Spends one token when there is one. */
  take(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.refilledAt) / 1000) * this.refillPerSecond);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

function waitFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/** The retry rules of one client (one browser tab): which failed answers are sent again, and after how long. */
export function createRetryRules(options: RetryOptions = {}) {
  const { random = Math.random, now = Date.now, wait = waitFor, ...numbers } = options;
  const policy: RetryPolicy = { ...HTTP.retry, ...numbers };
  const budget = new RetryBudget(policy.budget, policy.budgetRefillPerSecond, now);
  return {
    /**
     * The wait before sending `call` again after `answer`, when `retriesSoFar` retries were already made; null when
     * it must not be retried (not a retryable answer, not idempotent, out of retries, Retry-After past the cap, or
     * the tab's retry budget spent).
     */
    delayBeforeRetry(
      call: CallShape,
      answer: { status: number; retryAfter: string | null },
      retriesSoFar: number,
    ): number | null {
      if (!isRetryableAnswer(call, answer.status) || retriesSoFar >= policy.maxRetries) return null;
      const delay = retryDelayMs(policy, retriesSoFar, parseRetryAfter(answer.retryAfter, now()), random);
      if (delay === null || !budget.take()) return null;
      return delay;
    },
    wait,
  };
}

export type RetryRules = ReturnType<typeof createRetryRules>;
