import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';

/** Shows the current path and query string, and a Back button that goes one history entry back. */
function UrlProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="url">{`${location.pathname}${location.search}`}</output>
      <button type="button" onClick={() => navigate(-1)}>
        Browser Back
      </button>
    </>
  );
}

/** `ui` rendered in a router opened at `url`, with the probe beside it. */
export function atUrl(ui: ReactNode, url = '/list') {
  return (
    <MemoryRouter initialEntries={[url]}>
      {ui}
      <UrlProbe />
    </MemoryRouter>
  );
}

/** The URL the probe shows. */
export const currentUrl = () => screen.getByTestId('url').textContent;

/** The list requests (GET) made so far, as path + query. */
export function listRequests(fetchMock: { mock: { calls: unknown[][] } }, path: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: String(input), method: (init as RequestInit | undefined)?.method ?? 'GET' }))
    .filter((call) => call.method === 'GET' && call.url.startsWith(path))
    .map((call) => call.url);
}
