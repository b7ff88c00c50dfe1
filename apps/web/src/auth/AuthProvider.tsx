import {
  authContracts,
  type EndpointResponse,
  type LoginInput,
  type PublicUser,
  type RegisterInput,
  STAFF_ROLES,
} from '@seamline/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useReducer } from 'react';
import { ApiError, api, errorMessage, onSessionExpired, refreshSession } from '../lib/api-client';
import { clearSession, onSessionChange, readSession, saveSession, saveUser } from '../lib/session';
import { AuthContext, type AuthContextValue, type SignInOutcome } from './auth-context';
import { type AuthState, authReducer, initialAuthState } from './auth-state';

/** What sign-in and registration answer: the user and the access token, or (sign-in) a second step to take. */
type SessionAnswer = EndpointResponse<typeof authContracts.login>;

export const CUSTOMER_KEPT_OUT =
  'This back office is for store staff only. Your customer account is fine — please use the storefront instead.';

export const isStaff = (user: PublicUser | null | undefined) =>
  !!user && (STAFF_ROLES as readonly string[]).includes(user.role);

/**
 * A stored session is restored at once as signed in (the specification); an effect then gets an access token from the
 * refresh cookie (it is kept in memory only, so every load starts without one) and checks the user.
 */
function restoreAtStart(): AuthState {
  const session = readSession();
  return session ? { user: session.user, isAuthenticated: true, isLoading: false, error: null } : initialAuthState;
}

async function verifyUser(): Promise<PublicUser> {
  const answer = await api.call(authContracts.verify, { noRefresh: true });
  return answer.data.user;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(authReducer, undefined, restoreAtStart);
  const queryClient = useQueryClient();

  // Renew the restored session from the cookie and verify the user. A refused refresh ends the session (the
  // subscription below signs out); an unreachable server keeps the cached session.
  useEffect(() => {
    if (!readSession()) return;
    let cancelled = false;
    (async () => {
      const user = (await refreshSession()) ? await verifyUser().catch(() => null) : null;
      if (cancelled || !user || !readSession()) return;
      saveUser(user);
      dispatch({ type: 'AUTH_SUCCESS', user });
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => onSessionExpired(() => dispatch({ type: 'LOGOUT' })), []);

  // Sign-out in another tab (or a refused refresh here) signs this tab out and forgets its data; a sign-in elsewhere
  // signs it in.
  useEffect(
    () =>
      onSessionChange(() => {
        const session = readSession();
        if (session) return dispatch({ type: 'AUTH_SUCCESS', user: session.user });
        queryClient.clear();
        dispatch({ type: 'LOGOUT' });
      }),
    [queryClient],
  );

  const startSession = useCallback(
    async (request: () => Promise<SessionAnswer>, fallback: string): Promise<SignInOutcome> => {
      dispatch({ type: 'AUTH_START' });
      try {
        const answer = await request();
        if (answer?.success && answer.data && 'twoFactor' in answer.data) {
          dispatch({ type: 'INIT_DONE' });
          return { challenge: answer.data.twoFactor };
        }
        if (!answer?.success || !answer.data || !('tokens' in answer.data)) throw new Error(fallback);
        const { user, tokens } = answer.data;
        if (!isStaff(user)) {
          // Customers may not enter the back office: end the server session we just got (its cookie) and keep nothing.
          await api.call(authContracts.logout, { noRefresh: true }).catch(() => undefined);
          throw new Error(CUSTOMER_KEPT_OUT);
        }
        saveSession(user, tokens);
        dispatch({ type: 'AUTH_SUCCESS', user });
        return { user };
      } catch (error) {
        const message =
          error instanceof ApiError ? errorMessage(error, fallback) : (error as Error).message || fallback;
        clearSession();
        dispatch({ type: 'AUTH_FAILURE', error: message });
        throw new Error(message);
      }
    },
    [],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      login: (input: LoginInput) => startSession(() => api.call(authContracts.login, { body: input }), 'Login failed'),
      register: (input: RegisterInput) =>
        startSession(() => api.call(authContracts.register, { body: input }), 'Registration failed'),
      acceptSession: (session) => startSession(async () => ({ success: true, data: session }), 'Login failed'),
      logout: async () => {
        // The server ends the cookie's session and clears the cookie; the other tabs hear of it from the storage.
        await api.call(authContracts.logout, { noRefresh: true }).catch(() => undefined);
        clearSession();
        queryClient.clear();
        dispatch({ type: 'LOGOUT' });
      },
      clearError: () => dispatch({ type: 'CLEAR_ERROR' }),
    }),
    [state, startSession, queryClient],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
