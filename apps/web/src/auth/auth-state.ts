import type { PublicUser } from '@seamline/shared';

/** The back office's sign-in state. */
export type AuthState = { user: PublicUser | null; isAuthenticated: boolean; isLoading: boolean; error: string | null };

export type AuthAction =
  | { type: 'AUTH_START' }
  | { type: 'AUTH_SUCCESS'; user: PublicUser }
  | { type: 'AUTH_FAILURE'; error: string }
  | { type: 'LOGOUT' }
  | { type: 'CLEAR_ERROR' }
  | { type: 'INIT_LOADING' }
  | { type: 'INIT_DONE' };

export const initialAuthState: AuthState = { user: null, isAuthenticated: false, isLoading: false, error: null };

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'AUTH_START':
      return { ...state, isLoading: true, error: null };
    case 'AUTH_SUCCESS':
      return { user: action.user, isAuthenticated: true, isLoading: false, error: null };
    case 'AUTH_FAILURE':
      return { user: null, isAuthenticated: false, isLoading: false, error: action.error };
    case 'LOGOUT':
      return { ...initialAuthState };
    case 'CLEAR_ERROR':
      return { ...state, error: null };
    case 'INIT_LOADING':
      return { ...state, isLoading: true };
    case 'INIT_DONE':
      return { ...state, isLoading: false };
  }
}
