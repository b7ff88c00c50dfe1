import { type AuthTokens, type PublicUser, SESSION } from '@seamline/shared';

/** A browser-side session (spec part 1 §3): four localStorage keys. */
export type StoredSession = { accessToken: string; refreshToken: string; user: PublicUser; timestamp: number };
type SessionKeys = { accessToken: string; refreshToken: string; userData: string; sessionTimestamp: string };

/**
 * A session kept in localStorage under the given keys (the back office uses the spec's keys; the storefront its own,
 * so a staff session and a shopper's session in one browser never mix).
 */
export function createSessionStore(keys: SessionKeys, lifetimeMs: number = SESSION.lifetimeMs) {
  function clearSession(): void {
    for (const key of Object.values(keys)) localStorage.removeItem(key);
  }
  return {
    /** The stored session, or null when incomplete, unreadable or older than its lifetime (then it is discarded). */
    readSession(now = Date.now()): StoredSession | null {
      const accessToken = localStorage.getItem(keys.accessToken);
      const refreshToken = localStorage.getItem(keys.refreshToken);
      const userData = localStorage.getItem(keys.userData);
      if (!accessToken || !refreshToken || !userData) return null;
      const timestamp = Number(localStorage.getItem(keys.sessionTimestamp));
      if (!Number.isFinite(timestamp) || timestamp <= 0 || now - timestamp > lifetimeMs) {
        clearSession();
        return null;
      }
      try {
        return { accessToken, refreshToken, user: JSON.parse(userData) as PublicUser, timestamp };
      } catch {
        clearSession();
        return null;
      }
    },
    saveSession(user: PublicUser, tokens: AuthTokens, now = Date.now()): void {
      localStorage.setItem(keys.accessToken, tokens.accessToken);
      localStorage.setItem(keys.refreshToken, tokens.refreshToken);
      localStorage.setItem(keys.userData, JSON.stringify(user));
      localStorage.setItem(keys.sessionTimestamp, String(now));
    },
    /** After a refresh: new tokens and a new timestamp, same user. */
    saveTokens(tokens: AuthTokens, now = Date.now()): void {
      localStorage.setItem(keys.accessToken, tokens.accessToken);
      localStorage.setItem(keys.refreshToken, tokens.refreshToken);
      localStorage.setItem(keys.sessionTimestamp, String(now));
    },
    saveUser(user: PublicUser): void {
      localStorage.setItem(keys.userData, JSON.stringify(user));
    },
    clearSession,
    storedAccessToken: () => localStorage.getItem(keys.accessToken),
    storedRefreshToken: () => localStorage.getItem(keys.refreshToken),
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
