import { describe, expect, it } from 'vitest';
import { newId } from './ids.js';

describe('newId', () => {
  it('gives ObjectId-shaped ids, all different, across many refills of its random pool', () => {
    const ids = Array.from({ length: 5_000 }, newId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
