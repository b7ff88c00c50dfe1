import { SESSION } from '@seamline/shared';
import { failure, json, mockFetch } from '@seamline/ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminUser, authHeader } from '../test/fixtures';
import { ApiError, apiRequest, errorMessage, navigation, onSessionExpired } from './api-client';
import { clearSession, readSession, saveSession, storedAccessToken } from './session';

const tokens = { accessToken: 'old-access' };
const renewed = { accessToken: 'new-access' };
const headerOf = (init: RequestInit | undefined, name: string) =>
  (init?.headers as Record<string, string> | undefined)?.[name];

/** The session as a reloaded tab finds it: the user in localStorage, no access token in memory. */
function reloadedTab(extra: Record<string, string> = {}) {
  clearSession();
  localStorage.setItem(SESSION.keys.userData, JSON.stringify(adminUser));
  localStorage.setItem(SESSION.keys.sessionTimestamp, String(Date.now()));
  for (const [key, value] of Object.entries(extra)) localStorage.setItem(key, value);
}

describe('the HTTP client', () => {
  let toLogin: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    clearSession();
    localStorage.clear();
    saveSession(adminUser, tokens);
    toLogin = vi.spyOn(navigation, 'toLogin').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('calls /api with JSON, the bearer token and the query without empty values', async () => {
    const fetchMock = mockFetch(() => json(200, { success: true, data: { ok: 1 } }));
    const answer = await apiRequest('/things', {
      method: 'POST',
      body: { a: 1 },
      query: { page: 2, search: '', x: null },
    });
    expect(answer).toMatchObject({ data: { ok: 1 } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/things?page=2');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({
      'Content-Type': 'application/json',
      Authorization: 'Bearer old-access',
      'x-seamline-client': 'back-office',
    });
  });

  it("throws the server's error text and status", async () => {
    mockFetch(() => failure(409, 'SKU already exists'));
    const error = await apiRequest('/things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'SKU already exists', status: 409 });
    expect(errorMessage(error, 'Failed')).toBe('SKU already exists');
    expect(errorMessage(new Error('boom'), 'Failed')).toBe('Failed');
  });

  it('on 401 refreshes once from the cookie (no body, the app named), keeps the new token in memory, repeats', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/auth/refresh') {
        expect(init.body).toBeUndefined();
        expect(init.credentials).toBe('same-origin');
        expect(headerOf(init, 'x-seamline-client')).toBe('back-office');
        expect(authHeader(init)).toBeUndefined();
        return json(200, { success: true, data: { tokens: renewed } });
      }
      return authHeader(init) === 'Bearer new-access'
        ? json(200, { success: true, data: 'fresh' })
        : failure(401, 'Token expired');
    });
    const before = Number(localStorage.getItem(SESSION.keys.sessionTimestamp));
    await expect(apiRequest('/things')).resolves.toMatchObject({ data: 'fresh' });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/things', '/api/auth/refresh', '/api/things']);
    expect(storedAccessToken()).toBe('new-access');
    expect(localStorage.length).toBe(2);
    expect(Number(localStorage.getItem(SESSION.keys.sessionTimestamp))).toBeGreaterThanOrEqual(before);
    expect(toLogin).not.toHaveBeenCalled();
  });

  it('a reloaded tab (session stored, no token in memory) renews the token before its first call', async () => {
    reloadedTab();
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/auth/refresh') return json(200, { success: true, data: { tokens: renewed } });
      return authHeader(init) === 'Bearer new-access' ? json(200, { success: true, data: url }) : failure(401, 'x');
    });
    const answers = await Promise.all([apiRequest('/a'), apiRequest('/b')]);
    expect(answers).toEqual(['/api/a', '/api/b'].map((data) => ({ success: true, data })));
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/refresh', '/api/a', '/api/b']);
  });

  it('without a stored session a call goes out as it is, no refresh', async () => {
    clearSession();
    const fetchMock = mockFetch(() => json(200, { success: true, data: 'public' }));
    await expect(apiRequest('/things')).resolves.toMatchObject({ data: 'public' });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/things']);
    expect(authHeader(fetchMock.mock.calls[0]![1])).toBeUndefined();
  });

  it('a refused renewal at reload ends the stored session and the call goes out without a token', async () => {
    reloadedTab();
    const fetchMock = mockFetch((url) =>
      url === '/api/auth/refresh'
        ? failure(401, 'No session to refresh: please sign in')
        : json(200, { success: true, data: 'public' }),
    );
    await expect(apiRequest('/things')).resolves.toMatchObject({ data: 'public' });
    expect(readSession()).toBeNull();
    expect(authHeader(fetchMock.mock.calls[1]![1])).toBeUndefined();
  });

  it('moves a session from before the cookie: the old refresh token goes once in the body, then is forgotten', async () => {
    reloadedTab({ accessToken: 'legacy-access', refreshToken: 'legacy-refresh' });
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/auth/refresh') return json(200, { success: true, data: { tokens: renewed } });
      return authHeader(init) === 'Bearer new-access' ? json(200, { success: true, data: 'moved' }) : failure(401, 'x');
    });
    await expect(apiRequest('/things')).resolves.toMatchObject({ data: 'moved' });
    const refresh = fetchMock.mock.calls[0]![1]!;
    expect(JSON.parse(String(refresh.body))).toEqual({ refreshToken: 'legacy-refresh' });
    expect(headerOf(refresh, 'Content-Type')).toBe('application/json');
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(readSession()?.user).toEqual(adminUser);
  });

  it('keeps the old refresh token for another try when the server cannot be reached', async () => {
    reloadedTab({ refreshToken: 'legacy-refresh' });
    mockFetch((url) => {
      if (url === '/api/auth/refresh') throw new TypeError('Failed to fetch');
      return json(200, { success: true, data: 'public' });
    });
    await expect(apiRequest('/things')).resolves.toMatchObject({ data: 'public' });
    expect(localStorage.getItem('refreshToken')).toBe('legacy-refresh');
    expect(readSession()).not.toBeNull();
  });

  it('renews under a lock shared by the tabs (Web Locks), so two tabs never spend one cookie at once', async () => {
    const held: string[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request: async (name: string, work: () => Promise<unknown>) => {
          held.push(name);
          return work();
        },
      },
    });
    reloadedTab();
    mockFetch((url) =>
      url === '/api/auth/refresh'
        ? json(200, { success: true, data: { tokens: renewed } })
        : json(200, { success: true, data: 'ok' }),
    );
    await apiRequest('/things');
    expect(held).toEqual(['seamline-refresh:back-office']);
  });

  it('repeats a call only once: a second 401 after the refresh is thrown without another refresh', async () => {
    const fetchMock = mockFetch((url) =>
      url === '/api/auth/refresh'
        ? json(200, { success: true, data: { tokens: renewed } })
        : failure(401, 'Not allowed'),
    );
    await expect(apiRequest('/things')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/things', '/api/auth/refresh', '/api/things']);
  });

  it('concurrent 401s share one refresh', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/auth/refresh') return json(200, { success: true, data: { tokens: renewed } });
      return authHeader(init) === 'Bearer new-access' ? json(200, { success: true, data: url }) : failure(401, 'x');
    });
    const answers = await Promise.all([apiRequest('/a'), apiRequest('/b'), apiRequest('/c')]);
    expect(answers).toEqual(['/api/a', '/api/b', '/api/c'].map((data) => ({ success: true, data })));
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('when the refresh fails it clears the whole session and goes to /login', async () => {
    mockFetch((url) =>
      url === '/api/auth/refresh' ? failure(401, 'Invalid or expired refresh token') : failure(401, 'x'),
    );
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    await expect(apiRequest('/things')).rejects.toMatchObject({ status: 401 });
    stop();
    for (const key of Object.values(SESSION.keys)) expect(localStorage.getItem(key)).toBeNull();
    expect(toLogin).toHaveBeenCalledTimes(1);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('never refreshes on a failed sign-in (401 means wrong credentials there)', async () => {
    const fetchMock = mockFetch(() => failure(401, 'Invalid email or password'));
    await expect(
      apiRequest('/auth/login', { method: 'POST', body: { email: 'a@b.c', password: 'x' } }),
    ).rejects.toMatchObject({
      message: 'Invalid email or password',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(readSession()).not.toBeNull();
  });

  // The retry rules (429, 503, back-off, budget) are tested in packages/client against a real HTTP server.

  it('times out after 10000 ms', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
      ),
    );
    const result = apiRequest('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(9999);
    let settled = false;
    void result.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toMatchObject({ status: 0, code: 'TIMEOUT', message: 'Request timed out' });
  });

  it('uploads FormData as multipart with the bearer token (no JSON content type)', async () => {
    const fetchMock = mockFetch(() => json(200, { success: true, data: { images: [] } }));
    const form = new FormData();
    form.append('images', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await apiRequest('/images/upload-multiple', { method: 'POST', body: form });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBe(form);
    expect(init.headers).toMatchObject({ Authorization: 'Bearer old-access' });
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('sends no JSON content type without a body (the server refuses an empty JSON body on DELETE)', async () => {
    const fetchMock = mockFetch(() => json(200, { success: true, data: {} }));
    await apiRequest('/categories/abc', { method: 'DELETE' });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe('DELETE');
    expect(init.body).toBeUndefined();
    expect(init.headers).not.toHaveProperty('Content-Type');
  });
});
