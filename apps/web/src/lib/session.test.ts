import { SESSION } from '@seamline/shared';
import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminUser } from '../test/fixtures';
import {
  clearSession,
  onSessionChange,
  readSession,
  saveSession,
  saveTokens,
  session,
  storedAccessToken,
} from './session';

const tokens = { accessToken: 'access-in-memory' };

/** Everything in localStorage, as one string. */
const allStored = () =>
  JSON.stringify(Array.from({ length: localStorage.length }, (_, i) => localStorage.getItem(localStorage.key(i)!)));

/** What another tab's change looks like to this one. */
function otherTabSets(key: string | null, oldValue: string | null, newValue: string | null) {
  if (key === null) localStorage.clear();
  else if (newValue === null) localStorage.removeItem(key);
  else localStorage.setItem(key, newValue);
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue, storageArea: localStorage }));
  });
}

describe('the stored session', () => {
  beforeEach(() => {
    clearSession();
    localStorage.clear();
  });

  it('keeps the user and timestamp in localStorage and the access token in memory only', () => {
    saveSession(adminUser, tokens, 1_000);
    expect(JSON.parse(localStorage.getItem('userData')!)).toEqual(adminUser);
    expect(localStorage.getItem('sessionTimestamp')).toBe('1000');
    expect(localStorage.length).toBe(2);
    expect(allStored()).not.toContain('access-in-memory');
    expect(storedAccessToken()).toBe('access-in-memory');
    expect(readSession(2_000)).toEqual({ user: adminUser, timestamp: 1_000 });
  });

  it('never stores a refresh token, even when an answer carries one', () => {
    saveSession(adminUser, { accessToken: 'access-1', refreshToken: 'r-secret' }, 1_000);
    saveTokens({ accessToken: 'access-2', refreshToken: 'r-secret-2' }, 2_000);
    expect(allStored()).not.toMatch(/r-secret|access-/);
    expect(storedAccessToken()).toBe('access-2');
    expect(localStorage.getItem('sessionTimestamp')).toBe('2000');
  });

  it('counts only with the user data present', () => {
    saveSession(adminUser, tokens, 1_000);
    localStorage.removeItem(SESSION.keys.userData);
    expect(readSession(2_000)).toBeNull();
  });

  it('is discarded once older than 7 days (10080 minutes)', () => {
    saveSession(adminUser, tokens, 1_000);
    expect(readSession(1_000 + SESSION.lifetimeMs)).not.toBeNull();
    expect(readSession(1_000 + 10080 * 60_000 + 1)).toBeNull();
    for (const key of Object.values(SESSION.keys)) expect(localStorage.getItem(key)).toBeNull();
    expect(storedAccessToken()).toBeNull();
  });

  it('is discarded when the user data is unreadable', () => {
    saveSession(adminUser, tokens, 1_000);
    localStorage.setItem('userData', '{not json');
    expect(readSession(2_000)).toBeNull();
    expect(storedAccessToken()).toBeNull();
  });

  it('clearSession removes every key, the legacy token keys too, and the access token', () => {
    localStorage.setItem('accessToken', 'old-a');
    localStorage.setItem('refreshToken', 'old-r');
    saveSession(adminUser, tokens);
    clearSession();
    expect(localStorage.length).toBe(0);
    expect(storedAccessToken()).toBeNull();
  });

  it('a new sign-in drops the tokens an older version kept in localStorage', () => {
    localStorage.setItem('accessToken', 'old-a');
    localStorage.setItem('refreshToken', 'old-r');
    expect(session.legacyRefreshToken()).toBe('old-r');
    saveSession(adminUser, tokens);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(session.legacyRefreshToken()).toBeNull();
  });

  it('another tab signing out drops this tab’s access token and tells the listeners', () => {
    saveSession(adminUser, tokens);
    const listener = vi.fn();
    const stop = onSessionChange(listener);
    otherTabSets('userData', JSON.stringify(adminUser), null);
    stop();
    expect(storedAccessToken()).toBeNull();
    expect(readSession()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('another tab clearing the storage or signing in as someone else drops the access token too', () => {
    saveSession(adminUser, tokens);
    otherTabSets(null, null, null);
    expect(storedAccessToken()).toBeNull();
    saveSession(adminUser, tokens);
    otherTabSets('userData', JSON.stringify(adminUser), JSON.stringify({ ...adminUser, id: 'b'.repeat(24) }));
    expect(storedAccessToken()).toBeNull();
  });

  it('keeps the access token when another tab only renews the same user', () => {
    saveSession(adminUser, tokens);
    otherTabSets('userData', JSON.stringify(adminUser), JSON.stringify({ ...adminUser, firstName: 'Renamed' }));
    otherTabSets('sessionTimestamp', '1', '2');
    expect(storedAccessToken()).toBe('access-in-memory');
  });
});
