import { reviewContracts } from '@seamline/shared';
import { failure, isCallTo, ok, stubApi } from '@seamline/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../../test-a11y';
import { MyReviewsPage } from './pages/MyReviewsPage';

const mine = (id: string, extra: object) => ({
  id,
  productId: 'p1',
  productName: 'Linen Sundress',
  productSlug: 'linen-sundress',
  rating: 2,
  title: 'Not for me',
  body: 'Too short.',
  size: 'M',
  fit: 'runs_small',
  reviewer: 'Rita R.',
  verifiedPurchase: true,
  helpfulCount: 0,
  storeReply: null,
  photos: [],
  customerId: 'u1',
  status: 'published',
  rejectReason: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...extra,
});

// jsdom has no modal dialogs: the browser's showModal and close, reduced to the open attribute and the close event.
const prototype = HTMLDialogElement.prototype;
beforeEach(() => {
  prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});
afterEach(() => {
  Reflect.deleteProperty(prototype, 'showModal');
  Reflect.deleteProperty(prototype, 'close');
});

describe('My reviews', () => {
  it('lists own reviews with status and reject reason, to edit or delete', async () => {
    let reviews = [mine('r1', {}), mine('r2', { status: 'rejected', rejectReason: 'Talks about shipping' })];
    const sent = stubApi((request) => {
      if (isCallTo(request, reviewContracts.mine)) return ok({ reviews });
      if (isCallTo(request, reviewContracts.remove)) {
        reviews = reviews.filter((r) => r.id !== 'r2');
        return ok({});
      }
      return failure(500, 'unexpected');
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = render(
      <QueryClientProvider client={client}>
        <MyReviewsPage />
      </QueryClientProvider>,
    );
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0]!).getByText('Published')).toBeTruthy();
    expect(within(items[1]!).getByText('Rejected')).toBeTruthy();
    expect(within(items[1]!).getByText('Reason: Talks about shipping')).toBeTruthy();
    expect(within(items[0]!).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/reviews/r1/edit');
    await expectNoSeriousViolations(view.container);

    fireEvent.click(within(items[1]!).getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete review' }));
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(1));
    expect(sent.some((request) => request.method === 'DELETE' && request.path === '/reviews/r2')).toBe(true);
  });
});
