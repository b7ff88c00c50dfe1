import { REVIEW_MESSAGES, type Role } from '@seamline/shared';
import { failure, mockFetch, ok } from '@seamline/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { routeTree } from '../../app/router';
import { AuthContext } from '../../auth/auth-context';
import { adminUser, signedInAs } from '../../test/fixtures';
import { answerQueue, first, renderPage, restoreFetch, second, serve, slow } from './reviews-test-kit';

afterEach(restoreFetch);

describe('the Reviews screen: bulk moderation', { timeout: 20_000 }, () => {
  it('rejects the ticked reviews with one reason and lists the ones no longer there', async () => {
    const { posted } = serve((url) =>
      url.pathname === '/api/admin/reviews/bulk' ? ok({ updated: [first.id], notFound: [second.id] }) : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('article', { name: 'Sleeves run long' }, slow);
    await user.click(screen.getByLabelText('Select all reviews on this page'));
    await screen.findByText('2 reviews selected');
    await user.click(
      within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Reject' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reject Reviews' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject 2' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(REVIEW_MESSAGES.rejectReasonRequired);
    expect(posted).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Off topic');
    await user.click(within(dialog).getByRole('button', { name: 'Reject 2' }));
    await screen.findByText('1 review rejected');
    expect(posted).toEqual([
      { path: '/api/admin/reviews/bulk', body: { ids: [first.id, second.id], action: 'reject', reason: 'Off topic' } },
    ]);
    const notFound = await within(dialog).findByRole('alert');
    expect(notFound.textContent).toContain('1 review no longer exist');
    expect(notFound.textContent).toContain(second.id);
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('approves one ticked review, closes and says how many', async () => {
    const { posted } = serve((url) =>
      url.pathname === '/api/admin/reviews/bulk' ? ok({ updated: [second.id], notFound: [] }) : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('article', { name: 'Great scarf' }, slow);
    await user.click(screen.getByRole('checkbox', { name: 'Select review "Great scarf"' }));
    await user.click(
      within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Approve' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Approve Reviews' });
    expect(within(dialog).getByText('1 review will appear on their product pages.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Approve 1' }));
    await screen.findByText('1 review approved');
    expect(posted).toEqual([{ path: '/api/admin/reviews/bulk', body: { ids: [second.id], action: 'approve' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when the bulk step fails and keeps the selection', async () => {
    serve(() => failure(500, 'Internal server error'));
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('article', { name: 'Great scarf' }, slow);
    await user.click(screen.getByRole('checkbox', { name: 'Select review "Great scarf"' }));
    await user.click(
      within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Hide' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Hide Reviews' });
    await user.click(within(dialog).getByRole('button', { name: 'Hide 1' }));
    await screen.findByText('Internal server error');
    expect(screen.getByText('1 reviews selected')).toBeTruthy();
  });
});

/** The whole app at `path` for a role: sidebar, route guard and page. */
function renderApp(role: Role, path: string) {
  mockFetch((raw) => {
    const url = new URL(raw, 'http://localhost');
    return url.pathname === '/api/admin/reviews' ? answerQueue(url) : failure(500, 'Internal server error');
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={signedInAs({ ...adminUser, role })}>
        <RouterProvider router={createMemoryRouter(routeTree, { initialEntries: [path] })} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

describe('who sees the Reviews screen', { timeout: 20_000 }, () => {
  it.each(['admin', 'moderator'] as const)('%s: in the sidebar, and the screen opens', async (role) => {
    renderApp(role, '/reviews');
    await screen.findByRole('heading', { level: 1, name: 'Reviews' }, { timeout: 5000 });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Reviews' }).getAttribute('href')).toBe('/reviews');
    await screen.findByRole('article', { name: 'Sleeves run long' }, slow);
  });

  it('support staff neither see it in the sidebar nor may open it', async () => {
    renderApp('support', '/reviews');
    await screen.findByText('Access restricted', undefined, { timeout: 5000 });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Reviews' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Products' })).toBeTruthy();
  });
});
