import { SESSION } from '@seamline/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminUser } from '../test/fixtures';
import { clearSession, readSession, saveSession } from './session';

const tokens = { accessToken: 'a', refreshToken: 'r' };

describe('the stored session', () => {
  beforeEach(() => localStorage.clear());

  it('is saved under the four keys and read back', () => {
    saveSession(adminUser, tokens, 1_000);
    expect(localStorage.getItem('accessToken')).toBe('a');
    expect(localStorage.getItem('refreshToken')).toBe('r');
    expect(JSON.parse(localStorage.getItem('userData')!)).toEqual(adminUser);
    expect(localStorage.getItem('sessionTimestamp')).toBe('1000');
    expect(readSession(2_000)).toEqual({ ...tokens, user: adminUser, timestamp: 1_000 });
  });

  it.each(['accessToken', 'refreshToken', 'userData'] as const)('counts only when %s is present too', (key) => {
    saveSession(adminUser, tokens, 1_000);
    localStorage.removeItem(SESSION.keys[key]);
    expect(readSession(2_000)).toBeNull();
  });

  it('is discarded once older than 7 days (10080 minutes)', () => {
    saveSession(adminUser, tokens, 1_000);
    expect(readSession(1_000 + SESSION.lifetimeMs)).not.toBeNull();
    expect(readSession(1_000 + 10080 * 60_000 + 1)).toBeNull();
    for (const key of Object.values(SESSION.keys)) expect(localStorage.getItem(key)).toBeNull();
  });

  it('is discarded when the user data is unreadable', () => {
    saveSession(adminUser, tokens, 1_000);
    localStorage.setItem('userData', '{not json');
    expect(readSession(2_000)).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('clearSession removes every key', () => {
    saveSession(adminUser, tokens);
    clearSession();
    expect(localStorage.length).toBe(0);
  });
});
