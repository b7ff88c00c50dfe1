import { describe, expect, it } from 'vitest';
import { call, createTestApp } from '../../../test/harness.js';

describe('guest order tracking is throttled like every anonymous read', () => {
  it('answers the same 404 to wrong guesses until the per-IP budget is spent, then 429', async () => {
    const t = await createTestApp({
      rateLimitMax: undefined,
      rateLimits: { anonymous: 3, customer: 100, staff: 100, apiKey: 100, publicWrites: 100 },
    });
    try {
      const ip = '203.0.113.77';
      const guess = (n: number) =>
        call(t.app, 'GET', `/api/orders/track/ORD-20260101-GUESS${n}?email=guest@example.com`, { ip });
      const answers = [await guess(1), await guess(2), await guess(3), await guess(4)];
      expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 429]);
      expect(new Set(answers.slice(0, 3).map((a) => a.body.error))).toEqual(new Set(['Order not found']));
      // Another address still has its own budget.
      expect((await call(t.app, 'GET', '/api/orders/track/ORD-1?email=a@b.co', { ip: '203.0.113.78' })).status).toBe(
        404,
      );
    } finally {
      await t.close();
    }
  });
});
