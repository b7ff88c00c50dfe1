import { SESSION } from '@seamline/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminUser, authHeader, failure, json, mockFetch } from '../test/fixtures';
import { ApiError, apiRequest, errorMessage, navigation, onSessionExpired } from './api-client';
import { readSession, saveSession } from './session';

const tokens = { accessToken: 'old-access', refreshToken: 'old-refresh' };
const renewed = { accessToken: 'new-access', refreshToken: 'new-refresh' };

describe('the HTTP client', () => {
  let toLogin: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
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
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json', Authorization: 'Bearer old-access' });
  });

  it("throws the server's error text and status", async () => {
    mockFetch(() => failure(409, 'SKU already exists'));
    const error = await apiRequest('/things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'SKU already exists', status: 409 });
    expect(errorMessage(error, 'Failed')).toBe('SKU already exists');
    expect(errorMessage(new Error('boom'), 'Failed')).toBe('Failed');
  });

  it('on 401 refreshes once with the stored refresh token, stores the new tokens and repeats the call', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/auth/refresh') {
        expect(JSON.parse(String(init.body))).toEqual({ refreshToken: 'old-refresh' });
        return json(200, { success: true, data: { tokens: renewed } });
      }
      return authHeader(init) === 'Bearer new-access'
        ? json(200, { success: true, data: 'fresh' })
        : failure(401, 'Token expired');
    });
    const before = Number(localStorage.getItem(SESSION.keys.sessionTimestamp));
    await expect(apiRequest('/things')).resolves.toMatchObject({ data: 'fresh' });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/things', '/api/auth/refresh', '/api/things']);
    expect(readSession()).toMatchObject({ accessToken: 'new-access', refreshToken: 'new-refresh' });
    expect(Number(localStorage.getItem(SESSION.keys.sessionTimestamp))).toBeGreaterThanOrEqual(before);
    expect(toLogin).not.toHaveBeenCalled();
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
