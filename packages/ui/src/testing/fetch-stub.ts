import { vi } from 'vitest';

// The network edge of both web apps' tests: `fetch` is replaced, so the apps' own API client runs as in the browser
// (URLs, headers, bodies, refusals turned into ApiError). Not part of the kit's runtime: only tests import it.

/** A JSON answer with a status. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A success envelope: `{ success: true, data }`. */
export const ok = (data: unknown, status = 200) => json(status, { success: true, data });

/** A refusal as the server words it: the message, a code and, for a refused field, its details. */
export const failure = (
  status: number,
  error: string,
  { code = 'X', details }: { code?: string; details?: { field: string; message: string }[] } = {},
) => json(status, { success: false, error, message: error, code, ...(details ? { details } : {}) });

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Replaces fetch; returns the mock so tests can read the calls (url, init). */
export function mockFetch(handler: Handler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(String(input), init ?? {})),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** One request as the server sees it: method, path below /api (no query) and the JSON body. */
export type SentRequest = { method: string; path: string; body: unknown; headers: Record<string, string> };

export function sentRequest(url: string, init: RequestInit): SentRequest {
  const { pathname } = new URL(url, 'http://localhost');
  return {
    method: init.method ?? 'GET',
    path: pathname.replace(/^\/api/, ''),
    body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    headers: (init.headers ?? {}) as Record<string, string>,
  };
}

/**
 * Answers each request from `answer` (given the request as sent) and records the requests in order: the list is
 * returned, so a test reads what its code sent.
 */
export function stubApi(answer: (request: SentRequest) => Response | Promise<Response>) {
  const sent: SentRequest[] = [];
  mockFetch((url, init) => {
    const request = sentRequest(url, init);
    sent.push(request);
    return answer(request);
  });
  return sent;
}

/** Whether a request went to an endpoint (its method and path; `:id` segments match any value). */
export function isCallTo(request: SentRequest, endpoint: { method: string; path: string }): boolean {
  const pattern = new RegExp(`^${endpoint.path.replace(/:[^/]+/g, '[^/]+')}$`);
  return request.method === endpoint.method && pattern.test(request.path);
}
