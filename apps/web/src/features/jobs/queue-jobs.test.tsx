import { type QueueJobView, queueJobContracts } from '@seamline/shared';
import { Toaster } from '@seamline/ui';
import { isCallTo, mockFetch, ok, stubApi } from '@seamline/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import QueueJobsPage from './pages/QueueJobsPage';

const job = (overrides: Partial<QueueJobView>): QueueJobView => ({
  id: '41',
  task: 'mail.send',
  queue: null,
  state: 'failed',
  attempts: 25,
  maxAttempts: 25,
  runAt: '2026-11-20T10:00:00.000Z',
  lastError: 'Connection refused',
  createdAt: '2026-11-19T10:00:00.000Z',
  ...overrides,
});

const counts = {
  queued: { total: 3, exact: true },
  running: { total: 1, exact: true },
  scheduled: { total: 0, exact: true },
  failed: { total: 2, exact: true },
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <QueueJobsPage />
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Settings → Jobs', () => {
  it('shows the failed jobs first with counts per state, and lists another state from its tab', async () => {
    const urls: URL[] = [];
    mockFetch((url) => {
      const sent = new URL(url, 'http://localhost');
      urls.push(sent);
      const state = sent.searchParams.get('state');
      return ok({
        jobs: state === 'running' ? [job({ id: '50', task: 'jobs.run', state: 'running', attempts: 1 })] : [job({})],
        nextCursor: null,
        counts,
      });
    });
    renderPage();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('mail.send')).toBeTruthy();
    expect(within(table).getByText('Connection refused')).toBeTruthy();
    expect(within(table).getByText('25 / 25')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Failed (2)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Queued (3)' })).toBeTruthy();
    expect(urls[0]!.pathname).toBe('/api/admin/queue/jobs');
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({ state: 'failed' });

    await userEvent.click(screen.getByRole('tab', { name: 'Running (1)' }));
    await screen.findByText('jobs.run');
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
  });

  it('retries a failed job and says so', async () => {
    let retried = false;
    const sent = stubApi((request) => {
      if (!isCallTo(request, queueJobContracts.retry))
        return ok({ jobs: retried ? [] : [job({})], nextCursor: null, counts });
      retried = true;
      return ok({ job: job({ state: 'queued', attempts: 0 }) });
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Retry mail.send job 41' }));
    await screen.findByText('The mail.send job is queued again.');
    expect(sent.filter((r) => isCallTo(r, queueJobContracts.retry))).toEqual([
      expect.objectContaining({ method: 'POST', path: '/admin/queue/jobs/41/retry' }),
    ]);
    await waitFor(() => expect(screen.getByText('No failed jobs')).toBeTruthy());
  });

  it('follows the cursor to the next page and back', async () => {
    const afters: (string | null)[] = [];
    mockFetch((url) => {
      afters.push(new URL(url, 'http://localhost').searchParams.get('after'));
      return ok({ jobs: [job({})], nextCursor: '41', counts });
    });
    renderPage();
    await screen.findByRole('table');
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(afters).toContain('41'));
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
  });
});
