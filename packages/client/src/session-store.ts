import { type AuthTokens, type BrowserSessionClient, type PublicUser, SESSION } from '@seamline/shared';

/**
 * A browser-side session (docs/decisions/0052-session-tokens-in-a-cookie.md): the access token is kept in memory only
 * (this tab), the refresh token in the HttpOnly cookie the server sets (out of reach of scripts). localStorage keeps
 * the signed-in user and when the session was last renewed: a hint, shared by the tabs, that a session exists — no
 * credential.
 */
export type StoredSession = { user: PublicUser; timestamp: number };

/** Where the hint lives, and where sessions kept their tokens before the cookie (read once to move them over). */
export type SessionKeys = {
  userData: string;
  sessionTimestamp: string;
  legacyAccessToken: string;
  legacyRefreshToken: string;
};

const userIdOf = (raw: string | null): string | null => {
  try {
    return raw ? ((JSON.parse(raw) as PublicUser).id ?? null) : null;
  } catch {
    return null;
  }
};

/**
 * The session of one browser app (`client` names its refresh cookie on the server), under the given localStorage
 * keys: the back office uses the spec's keys, the storefront its own, so a staff session and a shopper's session in
 * one browser never mix.
 */
export function createSessionStore(
  client: BrowserSessionClient,
  keys: SessionKeys,
  lifetimeMs: number = SESSION.lifetimeMs,
) {
  let accessToken: string | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  function forget(): void {
    accessToken = null;
    for (const key of Object.values(keys)) localStorage.removeItem(key);
  }

  // Another tab signed out (or cleared the storage), or signed in as someone else: this tab's access token belongs
  // to a session that is over here too. The listeners re-read the session.
  if (typeof window !== 'undefined')
    window.addEventListener('storage', (event) => {
      if (event.storageArea && event.storageArea !== localStorage) return;
      if (event.key !== null && event.key !== keys.userData) return;
      if (event.key === null || userIdOf(event.oldValue) !== userIdOf(event.newValue)) accessToken = null;
      notify();
    });

  return {
    client,
    /** The stored session, or null when missing, unreadable or older than its lifetime (then it is discarded). */
    readSession(now = Date.now()): StoredSession | null {
      const userData = localStorage.getItem(keys.userData);
      if (!userData) return null;
      const timestamp = Number(localStorage.getItem(keys.sessionTimestamp));
      if (!Number.isFinite(timestamp) || timestamp <= 0 || now - timestamp > lifetimeMs) {
        forget();
        return null;
      }
      try {
        return { user: JSON.parse(userData) as PublicUser, timestamp };
      } catch {
        forget();
        return null;
      }
    },
    /** A new sign-in: the access token in memory, the user in localStorage (the refresh token is the server's cookie). */
    saveSession(user: PublicUser, tokens: AuthTokens, now = Date.now()): void {
      accessToken = tokens.accessToken;
      localStorage.removeItem(keys.legacyAccessToken);
      localStorage.removeItem(keys.legacyRefreshToken);
      localStorage.setItem(keys.userData, JSON.stringify(user));
      localStorage.setItem(keys.sessionTimestamp, String(now));
      notify();
    },
    /** After a refresh: the new access token and a new timestamp, same user. */
    saveTokens(tokens: AuthTokens, now = Date.now()): void {
      accessToken = tokens.accessToken;
      localStorage.setItem(keys.sessionTimestamp, String(now));
    },
    saveUser(user: PublicUser): void {
      localStorage.setItem(keys.userData, JSON.stringify(user));
      notify();
    },
    /** Ends the session in this browser (every tab hears of it through the storage event). */
    clearSession(): void {
      forget();
      notify();
    },
    storedAccessToken: () => accessToken,
    /**
     * A refresh token kept in localStorage before sessions moved to the cookie: sent once to the refresh call, which
     * sets the cookie, then dropped (dropLegacyTokens).
     */
    legacyRefreshToken: () => localStorage.getItem(keys.legacyRefreshToken),
    dropLegacyTokens(): void {
      localStorage.removeItem(keys.legacyAccessToken);
      localStorage.removeItem(keys.legacyRefreshToken);
    },
    /** Runs the listener whenever the session changes here or in another tab; the answer stops listening. */
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
