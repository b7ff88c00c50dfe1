import type { ActivityLogEntry } from '@seamline/shared';
import { failure, json, mockFetch } from '@seamline/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { atUrl, currentUrl } from '../../test/url-probe';
import { groupByEmail } from './components/ActivityTimeline';
import ActivityLogsPage from './pages/ActivityLogsPage';

const log = (overrides: Partial<ActivityLogEntry>): ActivityLogEntry => ({
  _id: '1'.repeat(24),
  id: '1'.repeat(24),
  user: { email: 'ava@seamline.dev', firstName: 'Ava', lastName: 'Admin' },
  action: 'update',
  resource: 'product',
  resourceId: '2'.repeat(24),
  status: 'success',
  details: { changes: { price: { before: 20, after: 25 } } },
  ip: '127.0.0.1',
  userAgent: 'test',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const page = (logs: ActivityLogEntry[], pages = 1) =>
  json(200, {
    success: true,
    data: { logs, pagination: { page: 1, limit: 25, total: logs.length, pages, totalPages: pages } },
  });

function renderPage(url = '/activity-logs') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{atUrl(<ActivityLogsPage />, url)}</QueryClientProvider>);
}

afterEach(() => vi.unstubAllGlobals());

describe('groupByEmail', () => {
  it("groups by e-mail in order of appearance, 'Unknown' when there is none", () => {
    const groups = groupByEmail([
      log({ id: 'a', user: { email: 'b@x.dev', firstName: null, lastName: null } }),
      log({ id: 'b', user: null }),
      log({ id: 'c', user: { email: 'b@x.dev', firstName: null, lastName: null } }),
    ]);
    expect(groups.map((g) => [g.email, g.logs.map((l) => l.id)])).toEqual([
      ['b@x.dev', ['a', 'c']],
      ['Unknown', ['b']],
    ]);
  });
});

describe('ActivityLogsPage', () => {
  it('names a change made with an API key after the key', async () => {
    mockFetch(() => page([log({ user: { email: "API key 'ERP sync'", firstName: null, lastName: null } })]));
    renderPage();
    const row = (await screen.findAllByTestId('activity-row'))[0]!;
    expect(within(row).getByText("API key 'ERP sync'")).toBeTruthy();
  });

  it('loads page 1 of 25 and shows the table with its footer', async () => {
    const fetchMock = mockFetch(() => page([log({})], 3));
    renderPage();
    expect(screen.getByText('Loading...')).toBeTruthy();
    await screen.findByText('Showing 1 logs on page 1');
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x');
    expect(url.pathname).toBe('/api/admin/activity-logs');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', limit: '25' });
  });

  it('opens the details by the View button (closed by Close) and by a row click', async () => {
    mockFetch(() => page([log({})], 3));
    renderPage();
    await screen.findByText('Showing 1 logs on page 1');
    await userEvent.click(screen.getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Update')).toBeTruthy();
    expect(within(dialog).getByText(/^By ava@seamline.dev on /)).toBeTruthy();
    expect(within(dialog).getByText('Changes › Price')).toBeTruthy();
    expect(within(dialog).getByText('20 → 25')).toBeTruthy();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByText('ava@seamline.dev'));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('says when a log has no details, and when nothing is found', async () => {
    mockFetch(() => page([log({ details: null, action: 'logout', resource: 'auth' })]));
    renderPage();
    await userEvent.click(await screen.findByText('logout'));
    expect(await screen.findByText('No additional details available for this activity.')).toBeTruthy();

    mockFetch(() => page([]));
    renderPage();
    expect(await screen.findByText('No logs found.')).toBeTruthy();
  });

  it('searches on the server after typing stops and highlights the text literally', async () => {
    const fetchMock = mockFetch((url) =>
      new URL(url, 'http://x').searchParams.get('search') === 'a.*'
        ? page([log({ action: 'a.*_marker' }), log({ id: '9'.repeat(24), action: 'abc' })])
        : page([log({})]),
    );
    renderPage();
    await screen.findByText('Showing 1 logs on page 1');
    await userEvent.type(screen.getByPlaceholderText('Search activity logs...'), 'a.*');
    await screen.findByText('Showing 2 logs on page 1');
    const searched = fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x').searchParams.get('search'));
    expect(searched.filter(Boolean)).toEqual(['a.*']);
    const marks = document.querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['a.*']);
  });

  it('keeps each page, limit and search for 60 s: going back to page 1 does not fetch again', async () => {
    const fetchMock = mockFetch(() => page([log({})], 2));
    renderPage();
    await screen.findByText('Page 1 of 2');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 1 logs on page 2');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Prev' }).hasAttribute('disabled')).toBe(false));
    await userEvent.click(screen.getByRole('button', { name: 'Prev' }));
    await screen.findByText('Showing 1 logs on page 1');
    const pagesFetched = fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x').searchParams.get('page'));
    expect(pagesFetched).toEqual(['1', '2']);
  });

  it('shows the error banner', async () => {
    mockFetch(() => failure(403, 'You do not have permission to perform this action'));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error loading activity logs: You do not have permission to perform this action',
    );
  });

  it('the timeline groups by e-mail and fetches its own pages of 10', async () => {
    const fetchMock = mockFetch(() =>
      page([log({}), log({ id: '3'.repeat(24), user: null, action: 'login', resource: 'auth', status: 'failure' })], 2),
    );
    renderPage();
    await screen.findByText('Showing 2 logs on page 1');
    await userEvent.click(screen.getByRole('tab', { name: 'Timeline View' }));
    await waitFor(() =>
      expect(new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://x').searchParams.get('limit')).toBe('10'),
    );
    const groups = await screen.findAllByTestId('timeline-group');
    expect(groups.map((g) => within(g).getByRole('heading').textContent)).toEqual(['ava@seamline.dev', 'Unknown']);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeTruthy();
    await userEvent.click(screen.getAllByTestId('timeline-entry')[1]!);
    expect(await screen.findByText(/^By Unknown on /)).toBeTruthy();
  });
});

describe('ActivityLogsPage URL state', () => {
  it('opens the view, search and page of the URL; Back returns to the previous page', async () => {
    const fetchMock = mockFetch(() => page([log({})], 4));
    renderPage('/activity-logs?view=timeline&search=update&page=2');
    await screen.findAllByTestId('timeline-entry');
    expect(screen.getByRole('tab', { name: /Timeline View/ }).getAttribute('aria-selected')).toBe('true');
    const first = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x');
    expect(Object.fromEntries(first.searchParams)).toEqual({ page: '2', limit: '10', search: 'update' });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(currentUrl()).toBe('/activity-logs?view=timeline&search=update&page=3'));
    await userEvent.click(screen.getByRole('button', { name: 'Browser Back' }));
    await waitFor(() => expect(currentUrl()).toBe('/activity-logs?view=timeline&search=update&page=2'));
    // Page 2 is still cached: Back made no new request.
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
