import { createSessionStore } from '@seamline/client';
import { SESSION } from '@seamline/shared';

export type { StoredSession } from '@seamline/client';

/**
 * The back office's session: its refresh cookie (`back-office`), the access token in memory, the user under the
 * spec's localStorage keys (SESSION.keys).
 */
export const session = createSessionStore('back-office', SESSION.keys);
export const { readSession, saveSession, saveTokens, saveUser, clearSession, storedAccessToken } = session;
/** Runs the listener when the session changes in this tab or another one (sign-in, sign-out). */
export const onSessionChange = session.subscribe;
