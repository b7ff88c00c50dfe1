/**
 * When a failed delivery is tried again: the base wait (30 s by default) doubling with each failed attempt, at most
 * 6 hours, each wait shifted by up to ±20 % so receivers coming back are not hit by every sender at once. A delivery
 * whose next try would fall past its retry window (3 days from its first attempt) is given up instead.
 */
export const MAX_RETRY_WAIT_MS = 6 * 3_600_000;
/** Deliveries given up in a row (with no success between) that turn an endpoint off even within its window. */
export const GIVE_UP_LIMIT = 10;

export function retryWaitMs(failedAttempts: number, baseMs: number, random = Math.random): number {
  const wait = Math.min(baseMs * 2 ** Math.min(failedAttempts - 1, 30), MAX_RETRY_WAIT_MS);
  return Math.round(wait * (0.8 + 0.4 * random()));
}

export type RetryDecision = { giveUp: boolean; nextAttemptAt: Date };

export function nextAttempt(
  failedAttempts: number,
  windowStart: Date,
  now: Date,
  settings: { retryBaseMs: number; retryWindowMs: number },
): RetryDecision {
  const nextAttemptAt = new Date(now.getTime() + retryWaitMs(failedAttempts, settings.retryBaseMs));
  return { giveUp: nextAttemptAt.getTime() - windowStart.getTime() > settings.retryWindowMs, nextAttemptAt };
}
