import { REVIEW_MESSAGES } from '@seamline/shared';
import { failure } from '@seamline/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentUrl, listRequests } from '../../test/url-probe';
import {
  first,
  JACKET,
  queued,
  renderPage,
  restoreFetch,
  SCARF,
  second,
  serve,
  slow,
  stubModalDialogs,
} from './reviews-test-kit';

let restoreDialogs = () => {};
beforeEach(() => {
  restoreDialogs = stubModalDialogs();
});
afterEach(() => {
  restoreDialogs();
  restoreFetch();
});

const card = (title: string) => screen.getByRole('article', { name: title });

describe('the Reviews screen: the queue', { timeout: 20_000 }, () => {
  it('lists the pending reviews oldest first with product, stars, reviewer, size, fit and verified badge', async () => {
    const { fetchMock } = serve();
    renderPage();
    await screen.findByRole('article', { name: 'Sleeves run long' }, slow);
    expect(listRequests(fetchMock, '/api/admin/reviews')).toEqual([
      '/api/admin/reviews?page=1&status=pending&limit=10',
    ]);
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Sleeves run long',
      'Great scarf',
    ]);
    expect(screen.getByRole('tab', { name: 'Pending' }).getAttribute('aria-selected')).toBe('true');
    const jacket = card('Sleeves run long');
    expect(within(jacket).getByRole('link', { name: 'Waxed Field Jacket' }).getAttribute('href')).toBe(
      '/products?search=Waxed%20Field%20Jacket',
    );
    expect(within(jacket).getByRole('img', { name: '3 out of 5 stars' })).toBeTruthy();
    expect(within(jacket).getByText('rita1@example.com')).toBeTruthy();
    expect(within(jacket).getByText('Size M · Runs large')).toBeTruthy();
    expect(within(jacket).getByText('Verified purchase')).toBeTruthy();
    expect(within(card('Great scarf')).queryByText('Verified purchase')).toBeNull();
  });

  it('shows the photos, each opening the full picture, and marks a review held for a link', async () => {
    const photo = { id: 'p1', url: '/uploads/reviews/p1.webp', thumbnailUrl: '/uploads/reviews/p1-thumb.webp' };
    const linked = queued(4, { title: 'See my blog', body: 'More at www.example.com', photos: [photo] });
    serve(undefined, [linked, first]);
    renderPage();
    const held = await screen.findByRole('article', { name: 'See my blog' }, slow);
    const thumbnail = within(held).getByRole('img', { name: 'Attachment 1 of "See my blog" (opens in a new tab)' });
    expect(thumbnail.getAttribute('src')).toBe(photo.thumbnailUrl);
    expect(thumbnail.closest('a')?.getAttribute('href')).toBe(photo.url);
    expect(within(held).getByText('Has a link or e-mail address')).toBeTruthy();
    expect(within(card('Sleeves run long')).queryByText('Has a link or e-mail address')).toBeNull();
    expect(within(card('Sleeves run long')).queryByRole('list', { name: 'Photos' })).toBeNull();
  });

  it('shows a long text cut short until Show more', async () => {
    serve();
    const user = userEvent.setup();
    renderPage();
    const scarf = await screen.findByRole('article', { name: 'Great scarf' }, slow);
    const more = within(scarf).getByRole('button', { name: 'Show more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await user.click(more);
    expect(within(scarf).getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('switches status by tab and narrows to one product, both in the URL', async () => {
    const { fetchMock } = serve();
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('article', { name: 'Sleeves run long' }, slow);
    await user.click(within(card('Great scarf')).getByRole('button', { name: 'This product only: Merino Scarf' }));
    await waitFor(() => expect(currentUrl()).toBe(`/reviews?productId=${SCARF}`));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Sleeves run long' })).toBeNull());
    expect(screen.getByText('Product: Merino Scarf')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show reviews of all products' }));
    await user.click(screen.getByRole('tab', { name: 'Published' }));
    await screen.findByRole('article', { name: 'Still wearing it' });
    expect(currentUrl()).toBe('/reviews?status=published');
    expect(listRequests(fetchMock, '/api/admin/reviews').at(-1)).toBe(
      '/api/admin/reviews?page=1&status=published&limit=10',
    );
    // A published review offers no Approve.
    expect(within(card('Still wearing it')).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('pages 10 reviews at a time, the page in the URL', async () => {
    const many = Array.from({ length: 12 }, (_, i) => queued(10 + i, { title: `Queued ${i + 1}` }));
    const { fetchMock } = serve(undefined, many);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('article', { name: 'Queued 1' }, slow);
    expect(screen.getAllByRole('article')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: '2' }));
    await screen.findByRole('article', { name: 'Queued 11' });
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(currentUrl()).toBe('/reviews?page=2');
    expect(listRequests(fetchMock, '/api/admin/reviews').at(-1)).toBe(
      '/api/admin/reviews?page=2&status=pending&limit=10',
    );
  });

  it('opens a product link of the product screens: its published reviews', async () => {
    const { fetchMock } = serve();
    renderPage('admin', `/reviews?status=published&productId=${JACKET}`);
    await screen.findByRole('article', { name: 'Still wearing it' }, slow);
    expect(listRequests(fetchMock, '/api/admin/reviews')).toEqual([
      `/api/admin/reviews?page=1&status=published&productId=${JACKET}&limit=10`,
    ]);
    expect(screen.getByText('Product: Waxed Field Jacket')).toBeTruthy();
  });
});

describe('the Reviews screen: one review', { timeout: 20_000 }, () => {
  it('approves a review with a toast and reloads the queue', async () => {
    const { posted, fetchMock } = serve();
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('article', { name: 'Sleeves run long' }, slow);
    const before = listRequests(fetchMock, '/api/admin/reviews').length;
    await user.click(within(card('Sleeves run long')).getByRole('button', { name: 'Approve' }));
    await screen.findByText('Review approved');
    expect(posted).toEqual([{ path: `/api/admin/reviews/${first.id}/approve`, body: undefined }]);
    await waitFor(() => expect(listRequests(fetchMock, '/api/admin/reviews').length).toBeGreaterThan(before));
  });

  it('rejects only with a reason: the shared message first, then the reason is sent', async () => {
    const { posted } = serve();
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('article', { name: 'Sleeves run long' }, slow);
    await user.click(within(card('Sleeves run long')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Review' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject Review' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(REVIEW_MESSAGES.rejectReasonRequired);
    expect(posted).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Reason/), '  Talks about another product ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject Review' }));
    await screen.findByText('Review rejected');
    expect(posted).toEqual([
      { path: `/api/admin/reviews/${first.id}/reject`, body: { reason: 'Talks about another product' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the server refusal inside the reject dialog', async () => {
    serve(() => failure(404, REVIEW_MESSAGES.notFound));
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('article', { name: 'Sleeves run long' }, slow);
    await user.click(within(card('Sleeves run long')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Review' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Spam');
    await user.click(within(dialog).getByRole('button', { name: 'Reject Review' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(REVIEW_MESSAGES.notFound);
  });

  it('edits an existing reply, which the dialog shows, and refuses an empty one', async () => {
    const { posted } = serve();
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('article', { name: 'Great scarf' }, slow);
    expect(within(card('Great scarf')).getByText('Thank you, Rita!')).toBeTruthy();
    await user.click(within(card('Great scarf')).getByRole('button', { name: 'Edit reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Reply' });
    const field = within(dialog).getByLabelText(/Store reply/) as HTMLTextAreaElement;
    expect(field.value).toBe('Thank you, Rita!');
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Save Reply' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(REVIEW_MESSAGES.replyRequired);
    await user.type(field, 'Glad it keeps you warm.');
    await user.click(within(dialog).getByRole('button', { name: 'Save Reply' }));
    await screen.findByText('Reply saved');
    expect(posted).toEqual([
      { path: `/api/admin/reviews/${second.id}/reply`, body: { reply: 'Glad it keeps you warm.' } },
    ]);
  });

  it('hides a review after the confirmation', async () => {
    const { posted } = serve();
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('article', { name: 'Sleeves run long' }, slow);
    await user.click(within(card('Sleeves run long')).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide review?' });
    expect(posted).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await screen.findByText('Review hidden');
    expect(posted).toEqual([{ path: `/api/admin/reviews/${first.id}/hide`, body: undefined }]);
  });
});
