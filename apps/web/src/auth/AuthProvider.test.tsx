import { SESSION } from '@seamline/shared';
import { failure, json, mockFetch } from '@seamline/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, readSession, saveSession, storedAccessToken } from '../lib/session';
import { adminUser, authHeader } from '../test/fixtures';
import { AuthProvider, CUSTOMER_KEPT_OUT } from './AuthProvider';
import { useAuth } from './auth-context';

const tokens = { accessToken: 'old-access' };

/** A tab opened on a stored session: the user in localStorage, the access token not (it lives in memory only). */
function storedSession(timestamp = Date.now()) {
  localStorage.setItem('userData', JSON.stringify(adminUser));
  localStorage.setItem('sessionTimestamp', String(timestamp));
}
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>
    <AuthProvider>{children}</AuthProvider>
  </QueryClientProvider>
);

describe('the auth provider', () => {
  beforeEach(() => {
    clearSession();
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('useAuth outside the provider is an error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useAuth())).toThrow('must be used within the auth provider');
  });

  it('starts signed out without a stored session', () => {
    const fetchMock = mockFetch(() => failure(500, 'unexpected'));
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current).toMatchObject({ user: null, isAuthenticated: false, isLoading: false, error: null });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('restores a stored session at once, renews its access token from the cookie, then verifies the user', async () => {
    storedSession();
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/auth/refresh') return json(200, { success: true, data: { tokens: { accessToken: 'new' } } });
      return authHeader(init) === 'Bearer new'
        ? json(200, { success: true, data: { user: { ...adminUser, firstName: 'Verified' } } })
        : failure(401, 'expired');
    });
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.isAuthenticated).toBe(true);
    expect(result.current.user?.firstName).toBe('Ava');
    await waitFor(() => expect(result.current.user?.firstName).toBe('Verified'));
    expect(readSession()?.user.firstName).toBe('Verified');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/refresh', '/api/auth/verify']);
    expect(storedAccessToken()).toBe('new');
  });

  it('signs out when the cookie is refused at start (expired or ended elsewhere)', async () => {
    storedSession();
    mockFetch(() => failure(401, 'No session to refresh: please sign in'));
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.isAuthenticated).toBe(true);
    await waitFor(() => expect(result.current.isAuthenticated).toBe(false));
    expect(readSession()).toBeNull();
  });

  it('keeps the cached session when the server cannot be reached at start', async () => {
    storedSession();
    const fetchMock = mockFetch(() => failure(500, 'Internal server error'));
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await act(() => Promise.resolve());
    expect(result.current).toMatchObject({ isAuthenticated: true, user: adminUser });
    expect(readSession()).not.toBeNull();
  });

  it('does not restore a session older than 7 days', () => {
    storedSession(Date.now() - SESSION.lifetimeMs - 1);
    const fetchMock = mockFetch(() => failure(500, 'unexpected'));
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.isAuthenticated).toBe(false);
    expect(localStorage.getItem('userData')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('login keeps the user, the access token in memory only, and authenticates a staff user', async () => {
    const fetchMock = mockFetch(() => json(200, { success: true, data: { user: adminUser, tokens } }));
    const { result } = renderHook(() => useAuth(), { wrapper });
    await act(() => result.current.login({ email: adminUser.email, password: 'Admin123!' }));
    expect(result.current).toMatchObject({ isAuthenticated: true, user: adminUser, isLoading: false });
    expect(readSession()?.user).toEqual(adminUser);
    expect(storedAccessToken()).toBe('old-access');
    for (let i = 0; i < localStorage.length; i++)
      expect(localStorage.getItem(localStorage.key(i)!)).not.toContain('old-access');
    expect((fetchMock.mock.calls[0]![1]!.headers as Record<string, string>)['x-seamline-client']).toBe('back-office');
  });

  it('follows another tab: its sign-out signs this tab out, its sign-in signs this tab in', async () => {
    mockFetch(() => failure(500, 'unexpected'));
    const { result } = renderHook(() => useAuth(), { wrapper });
    const otherTab = (key: string, newValue: string | null) => {
      if (newValue === null) localStorage.removeItem(key);
      else localStorage.setItem(key, newValue);
      act(() => {
        window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
      });
    };
    localStorage.setItem('sessionTimestamp', String(Date.now()));
    otherTab('userData', JSON.stringify(adminUser));
    expect(result.current).toMatchObject({ isAuthenticated: true, user: adminUser });
    otherTab('userData', null);
    expect(result.current).toMatchObject({ isAuthenticated: false, user: null });
  });

  it('login failure: the server text, else "Login failed"', async () => {
    mockFetch(() => failure(401, 'Invalid email or password'));
    const { result } = renderHook(() => useAuth(), { wrapper });
    await act(() =>
      expect(result.current.login({ email: 'a@b.co', password: 'x' })).rejects.toThrow('Invalid email or password'),
    );
    expect(result.current.error).toBe('Invalid email or password');
    mockFetch(() => json(200, { success: false }));
    await act(() => expect(result.current.login({ email: 'a@b.co', password: 'x' })).rejects.toThrow('Login failed'));
    expect(result.current).toMatchObject({ error: 'Login failed', isAuthenticated: false });
    act(() => result.current.clearError());
    expect(result.current.error).toBeNull();
  });

  it('registration failure falls back to "Registration failed"', async () => {
    mockFetch(() => new Response('', { status: 502 }));
    const { result } = renderHook(() => useAuth(), { wrapper });
    await act(() =>
      expect(result.current.register({ email: 'new@b.co', password: 'Password1!' })).rejects.toThrow(
        'Request failed with status 502',
      ),
    );
    mockFetch(() => json(201, { success: false }));
    await act(() =>
      expect(result.current.register({ email: 'new@b.co', password: 'Password1!' })).rejects.toThrow(
        'Registration failed',
      ),
    );
  });

  it('keeps a customer out: nothing stored, their server session (the cookie) ended, a clear message', async () => {
    const customer = { ...adminUser, role: 'customer' as const, email: 'emma@example.com' };
    const fetchMock = mockFetch((url) =>
      url === '/api/auth/logout'
        ? json(200, { success: true, message: 'Logged out successfully' })
        : json(200, { success: true, data: { user: customer, tokens } }),
    );
    const { result } = renderHook(() => useAuth(), { wrapper });
    await act(() =>
      expect(result.current.login({ email: customer.email, password: 'x' })).rejects.toThrow(CUSTOMER_KEPT_OUT),
    );
    expect(result.current).toMatchObject({ isAuthenticated: false, user: null, error: CUSTOMER_KEPT_OUT });
    expect(localStorage.length).toBe(0);
    expect(storedAccessToken()).toBeNull();
    const logout = fetchMock.mock.calls.find(([url]) => url === '/api/auth/logout')?.[1];
    expect(logout).toBeDefined();
    // The cookie is the credential: no bearer token, which would end every session of the customer.
    expect(authHeader(logout)).toBeUndefined();
    expect((logout!.headers as Record<string, string>)['x-seamline-client']).toBe('back-office');
  });

  it('logout clears the stored session and the state', async () => {
    saveSession(adminUser, tokens);
    const fetchMock = mockFetch((url) =>
      url === '/api/auth/verify'
        ? json(200, { success: true, data: { user: adminUser } })
        : json(200, { success: true, message: 'Logged out successfully' }),
    );
    function Probe() {
      const { isAuthenticated, logout } = useAuth();
      return (
        <button type="button" onClick={() => void logout()}>
          {isAuthenticated ? 'in' : 'out'}
        </button>
      );
    }
    render(<Probe />, { wrapper });
    expect(screen.getByRole('button').textContent).toBe('in');
    act(() => screen.getByRole('button').click());
    await waitFor(() => expect(screen.getByRole('button').textContent).toBe('out'));
    expect(localStorage.length).toBe(0);
    expect(storedAccessToken()).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/auth/logout');
  });
});
