import { createSessionStore } from '@seamline/client';
import { SESSION } from '@seamline/shared';

export type { StoredSession } from '@seamline/client';

/** The back office's session under the spec's four localStorage keys (SESSION.keys). */
export const { readSession, saveSession, saveTokens, saveUser, clearSession, storedAccessToken, storedRefreshToken } =
  createSessionStore(SESSION.keys);
