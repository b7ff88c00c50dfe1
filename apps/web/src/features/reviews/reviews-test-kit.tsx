// The Reviews screen's test fixtures: a few queued reviews, a fake queue endpoint that filters and pages them, and
// the page rendered for a role at a URL.
import type { Role } from '@seamline/shared';
import { Toaster } from '@seamline/ui';
import { failure, json, mockFetch, ok } from '@seamline/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { AuthContext } from '../../auth/auth-context';
import { adminUser, signedInAs } from '../../test/fixtures';
import { atUrl } from '../../test/url-probe';
import type { QueuedReview } from './api';
import ReviewsPage from './pages/ReviewsPage';

const hex = (n: number) => n.toString(16).padStart(24, '0');
export const JACKET = hex(900);
export const SCARF = hex(901);

export function queued(n: number, overrides: Partial<QueuedReview> = {}): QueuedReview {
  return {
    id: hex(n),
    productId: JACKET,
    productName: 'Waxed Field Jacket',
    rating: 4,
    title: `Review ${n}`,
    body: `Warm and well made (${n}).`,
    size: 'M',
    fit: 'true_to_size',
    reviewer: `Rita R.`,
    reviewerEmail: `rita${n}@example.com`,
    verifiedPurchase: true,
    helpfulCount: 0,
    storeReply: null,
    photos: [],
    customerId: hex(500 + n),
    status: 'pending',
    rejectReason: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export const first = queued(1, { title: 'Sleeves run long', rating: 3, fit: 'runs_large' });
export const second = queued(2, {
  title: 'Great scarf',
  productId: SCARF,
  productName: 'Merino Scarf',
  rating: 5,
  size: null,
  fit: null,
  verifiedPurchase: false,
  body: `${'Soft and warm. '.repeat(20)}The end.`,
  storeReply: 'Thank you, Rita!',
});
export const published = queued(3, { title: 'Still wearing it', status: 'published' });
export const ALL = [first, second, published];

/** GET /admin/reviews as the server answers it: one status, optionally one product, oldest first, paged. */
export function answerQueue(url: URL, all: QueuedReview[] = ALL) {
  const status = url.searchParams.get('status') ?? 'pending';
  const productId = url.searchParams.get('productId');
  const limit = Number(url.searchParams.get('limit') ?? 20);
  const page = Number(url.searchParams.get('page') ?? 1);
  const matches = all.filter((r) => r.status === status && (!productId || r.productId === productId));
  const pages = Math.max(1, Math.ceil(matches.length / limit));
  return ok({
    reviews: matches.slice((page - 1) * limit, page * limit),
    pagination: { page, limit, total: matches.length, pages, totalPages: pages, exact: true },
  });
}

/** The queue, and whatever else a test answers (a moderation call); records what was posted. */
export function serve(
  extra: (url: URL, body: unknown) => Response | undefined = () => undefined,
  all: QueuedReview[] = ALL,
) {
  const posted: { path: string; body: unknown }[] = [];
  const fetchMock = mockFetch((raw, init) => {
    const url = new URL(raw, 'http://localhost');
    if (init.method === 'POST') {
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      posted.push({ path: url.pathname, body });
      return extra(url, body) ?? json(200, { success: true, data: { review: first }, message: 'ok' });
    }
    if (url.pathname === '/api/admin/reviews') return answerQueue(url, all);
    return failure(404, 'not mocked');
  });
  return { posted, fetchMock };
}

export function renderPage(role: Role = 'moderator', url = '/reviews') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={signedInAs({ ...adminUser, role })}>
        {atUrl(<ReviewsPage />, url)}
        <Toaster />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

// jsdom on a busy machine: a page of Radix widgets may take a few seconds to settle.
export const slow = { timeout: 4000 };

export function restoreFetch() {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}

/** jsdom has no modal dialogs (the Hide confirmation is one): showModal and close reduced to the open attribute. */
export function stubModalDialogs() {
  const { prototype } = HTMLDialogElement;
  prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  return () => {
    Reflect.deleteProperty(prototype, 'showModal');
    Reflect.deleteProperty(prototype, 'close');
  };
}
