import { type AuthTokens, type PublicUser, SESSION } from '@seamline/shared';

/** The browser-side session (spec part 1 §3): four localStorage keys from SESSION. */
export type StoredSession = { accessToken: string; refreshToken: string; user: PublicUser; timestamp: number };

const { keys } = SESSION;

/** The stored session, or null when incomplete, unreadable or older than the 7-day lifetime (then it is discarded). */
export function readSession(now = Date.now()): StoredSession | null {
  const accessToken = localStorage.getItem(keys.accessToken);
  const refreshToken = localStorage.getItem(keys.refreshToken);
  const userData = localStorage.getItem(keys.userData);
  if (!accessToken || !refreshToken || !userData) return null;
  const timestamp = Number(localStorage.getItem(keys.sessionTimestamp));
  if (!Number.isFinite(timestamp) || timestamp <= 0 || now - timestamp > SESSION.lifetimeMs) {
    clearSession();
    return null;
  }
  try {
    return { accessToken, refreshToken, user: JSON.parse(userData) as PublicUser, timestamp };
  } catch {
    clearSession();
    return null;
  }
}

export function saveSession(user: PublicUser, tokens: AuthTokens, now = Date.now()): void {
  localStorage.setItem(keys.accessToken, tokens.accessToken);
  localStorage.setItem(keys.refreshToken, tokens.refreshToken);
  localStorage.setItem(keys.userData, JSON.stringify(user));
  localStorage.setItem(keys.sessionTimestamp, String(now));
}

/** After a refresh: new tokens and a new timestamp, same user. */
export function saveTokens(tokens: AuthTokens, now = Date.now()): void {
  localStorage.setItem(keys.accessToken, tokens.accessToken);
  localStorage.setItem(keys.refreshToken, tokens.refreshToken);
  localStorage.setItem(keys.sessionTimestamp, String(now));
}

export function saveUser(user: PublicUser): void {
  localStorage.setItem(keys.userData, JSON.stringify(user));
}

export function clearSession(): void {
  for (const key of Object.values(keys)) localStorage.removeItem(key);
}

export const storedAccessToken = () => localStorage.getItem(keys.accessToken);
export const storedRefreshToken = () => localStorage.getItem(keys.refreshToken);
