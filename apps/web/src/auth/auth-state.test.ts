import { describe, expect, it } from 'vitest';
import { adminUser } from '../test/fixtures';
import { authReducer, initialAuthState } from './auth-state';

describe('auth state transitions', () => {
  const signedIn = { user: adminUser, isAuthenticated: true, isLoading: false, error: null };

  it('start: loading on, error cleared', () => {
    expect(authReducer({ ...initialAuthState, error: 'x' }, { type: 'AUTH_START' })).toEqual({
      ...initialAuthState,
      isLoading: true,
    });
  });
  it('success: user set, authenticated, loading off', () => {
    expect(authReducer({ ...initialAuthState, isLoading: true }, { type: 'AUTH_SUCCESS', user: adminUser })).toEqual(
      signedIn,
    );
  });
  it('failure: user cleared, error stored', () => {
    expect(authReducer(signedIn, { type: 'AUTH_FAILURE', error: 'Login failed' })).toEqual({
      ...initialAuthState,
      error: 'Login failed',
    });
  });
  it('logout clears everything; clear-error removes only the error; init-loading sets loading', () => {
    expect(authReducer({ ...signedIn, error: 'x' }, { type: 'LOGOUT' })).toEqual(initialAuthState);
    expect(authReducer({ ...signedIn, error: 'x' }, { type: 'CLEAR_ERROR' })).toEqual(signedIn);
    expect(authReducer(signedIn, { type: 'INIT_LOADING' })).toEqual({ ...signedIn, isLoading: true });
  });
});
