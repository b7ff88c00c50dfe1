import type { PublicReviewView, PublicUser, ReviewSummary, StorefrontProductView } from '@seamline/shared';
import { reviewContracts } from '@seamline/shared';
import { isCallTo, mockFetch, ok, sentRequest } from '@seamline/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session } from '../../lib/api';
import { expectNoSeriousViolations } from '../../test-a11y';
import { ReviewsSection } from './components/ReviewsSection';

const product = {
  id: 'p1',
  slug: 'tee',
  name: 'Tee',
  variants: { size: { available: ['S', 'M', 'L'] } },
} as unknown as StorefrontProductView;

const summary: ReviewSummary = {
  average: 4.2,
  count: 12,
  stars: { 1: 1, 2: 0, 3: 1, 4: 4, 5: 6 },
  fit: { runs_small: 7, true_to_size: 3, runs_large: 0, mostCommon: 'runs_small' },
};
const review = (n: number, extra: Partial<PublicReviewView> = {}): PublicReviewView => ({
  id: `r${n}`,
  productId: 'p1',
  rating: 5,
  title: `Great tee ${n}`,
  body: 'Soft and warm.',
  size: 'M',
  fit: 'runs_small',
  reviewer: 'Rita R.',
  verifiedPurchase: true,
  helpfulCount: 3,
  storeReply: null,
  photos: [],
  createdAt: '2026-03-01T10:00:00.000Z',
  ...extra,
});

/**
 * The section against a store that answers every list read with `reviews` and `summary` (and the signed-in
 * customer's own reviews with `mine`, the reviews they found helpful with `voted`, votes with `vote` and taking one
 * back with `unvote`); the URLs and methods are kept.
 */
function renderSection(
  reviews: PublicReviewView[],
  withSummary = summary,
  {
    mine = [] as { id: string }[],
    voted = [] as string[],
    vote = { helpfulCount: 4, voted: true },
    unvote = { helpfulCount: 2, voted: false },
  } = {},
) {
  const urls: string[] = [];
  const calls: string[] = [];
  mockFetch((url, init) => {
    urls.push(url);
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    const request = sentRequest(url, init);
    if (isCallTo(request, reviewContracts.mine)) return ok({ reviews: mine });
    if (isCallTo(request, reviewContracts.votes)) return ok({ reviewIds: voted });
    if (isCallTo(request, reviewContracts.vote)) return ok(vote);
    if (isCallTo(request, reviewContracts.unvote)) return ok(unvote);
    return ok({
      reviews,
      summary: withSummary,
      pagination: { page: 1, limit: 10, total: 12, pages: 2, totalPages: 2, exact: true },
    });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <ReviewsSection product={product} />
    </QueryClientProvider>,
  );
  return { urls, calls, view };
}

describe('the product page reviews section', () => {
  it('shows the average, the stars 5 to 1, the fit sentence and each review', async () => {
    const photo = { id: 'ph1', url: '/uploads/reviews/a.webp', thumbnailUrl: '/uploads/reviews/a-thumb.webp' };
    const { view } = renderSection([
      review(1, { storeReply: 'Thank you, Rita!', photos: [photo] }),
      review(2, { fit: 'true_to_size', size: null }),
    ]);
    expect(await screen.findByText('4.2')).toBeTruthy();
    expect(screen.getByText('Based on 12 reviews')).toBeTruthy();
    const bars = within(screen.getByRole('list', { name: 'Reviews per star rating' })).getAllByRole('listitem');
    expect(bars.map((bar) => bar.textContent)).toEqual(['5 stars6', '4 stars4', '3 stars1', '2 stars0', '1 star1']);
    expect(screen.getByText('Most say: runs small — consider a size up')).toBeTruthy();

    expect(screen.getByRole('heading', { name: 'Great tee 1' })).toBeTruthy();
    expect(screen.getAllByText('Verified purchase')).toHaveLength(2);
    expect(screen.getByText('Size bought: M · Fit: Runs small')).toBeTruthy();
    expect(screen.getByText('Thank you, Rita!')).toBeTruthy();
    // Guests see the count and are asked to sign in to vote.
    expect(screen.getAllByText('Sign in to vote')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: /Open larger: 1 of 1/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe(photo.url);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectNoSeriousViolations(view.container);
  });

  it('reads again with the chosen sort, stars and size, from the first page', async () => {
    const { urls } = renderSection([review(1)]);
    await screen.findByText('Great tee 1');
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'with_photos' } });
    await waitFor(() => expect(urls.at(-1)).toContain('sort=with_photos'));
    fireEvent.change(screen.getByLabelText('Stars'), { target: { value: '4' } });
    await waitFor(() => expect(urls.at(-1)).toContain('stars=4'));
    fireEvent.change(screen.getByLabelText('Size'), { target: { value: 'L' } });
    await waitFor(() => expect(urls.at(-1)).toContain('size=L'));
    expect(urls.at(-1)).toContain('stars=4');
    expect(urls.at(-1)).toContain('page=1');
    expect(screen.getByRole('option', { name: 'Highest rated' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Lowest rated' })).toBeTruthy();
  });

  it('says so when there are no reviews yet, and still offers to write one', async () => {
    const empty: ReviewSummary = {
      average: 0,
      count: 0,
      stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      fit: { runs_small: 0, true_to_size: 0, runs_large: 0, mostCommon: null },
    };
    const { view } = renderSection([], empty);
    expect(await screen.findByText('No reviews yet. Bought this? Be the first to review it.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Write a review' }).getAttribute('href')).toContain(
      'reviews/new?product=p1',
    );
    await expectNoSeriousViolations(view.container);
  });

  const signIn = () =>
    session.saveSession(
      { id: 'u1', email: 'rita@example.com', firstName: 'Rita', lastName: 'R', role: 'customer' } as PublicUser,
      {
        accessToken: 'token',
        refreshToken: 'refresh',
      },
    );

  it('lets a signed-in customer vote once on reviews of others, not on their own', async () => {
    signIn();
    renderSection([review(1), review(2, { title: 'My own' })], summary, { mine: [{ id: 'r2' }] });
    const vote = await screen.findByRole('button', { name: 'Helpful (3)' });
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Helpful/ })).toHaveLength(1));
    expect(screen.queryByText('Sign in to vote')).toBeNull();
    fireEvent.click(vote);
    expect(await screen.findByRole('button', { name: 'Helpful (4)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Helpful (4)' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('starts the reviews the customer found helpful pressed, asking once for the page, and takes a vote back', async () => {
    signIn();
    const { calls } = renderSection([review(1), review(2, { title: 'Other' })], summary, { voted: ['r2'] });
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /^Helpful/ }).map((b) => b.getAttribute('aria-pressed'))).toEqual([
        'false',
        'true',
      ]),
    );
    const asked = calls.filter((call) => call.includes('/reviews/votes'));
    expect(asked).toHaveLength(1);
    expect(decodeURIComponent(asked[0]!)).toContain('reviewIds=r1,r2');

    fireEvent.click(screen.getAllByRole('button', { name: 'Helpful (3)' })[1]!);
    const after = await screen.findByRole('button', { name: 'Helpful (2)' });
    expect(after.getAttribute('aria-pressed')).toBe('false');
    expect(calls.some((call) => call.startsWith('DELETE') && call.includes('/reviews/r2/helpful'))).toBe(true);
    expect(calls.some((call) => call.startsWith('POST'))).toBe(false);
  });
});
