import type { Category } from '@seamline/shared';
import { failure, json, mockFetch } from '@seamline/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageOf, renderAs } from '../../components/taxonomy/taxonomy-test-utils';
import { currentUrl } from '../../test/url-probe';
import { CategoriesPage } from './pages/TaxonomyPage';

const category = (n: number, extra: Partial<Category> = {}): Category => ({
  _id: n.toString(16).padStart(24, '0'),
  id: n.toString(16).padStart(24, '0'),
  name: `Category ${n}`,
  description: `About category ${n}`,
  image: null,
  productCount: 0,
  createdAt: '2026-03-04T10:00:00.000Z',
  updatedAt: '2026-03-04T10:00:00.000Z',
  ...extra,
});

describe('Category Management', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows 6 skeleton cards while loading, then the cards with image or avatar, description and date', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderAs('admin', <CategoriesPage />);
    const skeleton = await screen.findByTestId('taxonomy-skeleton');
    expect(skeleton.children).toHaveLength(6);
    const image = { original: '/uploads/categories/a.png', webp: '/a.webp', thumbnail: '/a-thumb.webp', alt: 'Coats' };
    answer(json(200, pageOf('categories', [category(1, { image }), category(2, { productCount: 12 })])));
    const cards = await screen.findAllByTestId('taxonomy-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('img', { name: 'Coats' }).getAttribute('src')).toBe('/a-thumb.webp');
    expect(within(cards[1]!).getByRole('img', { name: 'Category 2' }).tagName.toLowerCase()).toBe('svg');
    expect(within(cards[1]!).getByText('About category 2')).toBeTruthy();
    expect(within(cards[1]!).getByText('Created Mar 4, 2026')).toBeTruthy();
    expect(within(cards[1]!).getByText('12 products')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('gives admins Add Category, Edit and Delete; other roles only look', async () => {
    mockFetch(() => json(200, pageOf('categories', [category(1)], 20)));
    const { unmount } = renderAs('admin', <CategoriesPage />);
    await screen.findAllByTestId('taxonomy-card');
    expect(screen.getByRole('button', { name: 'Add Category' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Category 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Category 1' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeTruthy();
    unmount();
    for (const role of ['moderator', 'support'] as const) {
      const view = renderAs(role, <CategoriesPage />);
      await screen.findAllByTestId('taxonomy-card');
      expect(screen.queryByRole('button', { name: 'Add Category' })).toBeNull();
      expect(screen.queryByRole('button', { name: /^(Edit|Delete) / })).toBeNull();
      view.unmount();
    }
  });

  it('searches on the server 400 ms after typing stops, from page 1', async () => {
    const fetchMock = mockFetch(() => json(200, pageOf('categories', [])));
    renderAs('moderator', <CategoriesPage />);
    await screen.findByText('No Categories Found');
    await userEvent.type(screen.getByPlaceholderText('Search categories...'), 'coat');
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/categories?page=1&limit=9&search=coat'),
    );
    // Typing happened letter by letter; only the settled text was sent.
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('search=')).length).toBe(1);
  });

  it("says 'Failed to load categories' and shows the empty state when the list fails", async () => {
    mockFetch(() => failure(500, 'boom'));
    renderAs('admin', <CategoriesPage />);
    await screen.findByText('Failed to load categories');
    expect(screen.getByText('No Categories Found')).toBeTruthy();
  });

  it('adds a category: submit waits for a valid name, the shared messages show, the toast confirms', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch((_url, init) =>
      init.method === 'POST'
        ? json(201, { success: true, data: { category: category(9, { name: 'Outerwear' }) } })
        : json(200, pageOf('categories', [])),
    );
    renderAs('admin', <CategoriesPage />);
    await user.click(await screen.findByRole('button', { name: 'Add Category' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Category' });
    const submit = within(dialog).getByRole('button', { name: 'Add Category' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByLabelText(/Name/), 'Ou');
    expect(await within(dialog).findByText('Category name must be at least 3 characters')).toBeTruthy();
    expect(submit.hasAttribute('disabled')).toBe(true);
    await user.clear(within(dialog).getByLabelText(/Name/));
    expect(await within(dialog).findByText('Category name is required')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Name/), 'Outerwear');
    await user.type(within(dialog).getByLabelText('Description'), 'Coats');
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    await user.click(submit);
    expect(await screen.findByText('Category added successfully')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ name: 'Outerwear', description: 'Coats' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('leaving the empty name shows "Category name is required" on blur, not only a disabled button', async () => {
    const user = userEvent.setup();
    mockFetch(() => json(200, pageOf('categories', [])));
    renderAs('admin', <CategoriesPage />);
    await user.click(await screen.findByRole('button', { name: 'Add Category' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Category' });
    await user.click(within(dialog).getByLabelText(/Name/));
    await user.tab();
    expect(await within(dialog).findByText('Category name is required')).toBeTruthy();
  });

  it("shows the server's refusal when a category in use cannot be deleted, after the two steps", async () => {
    const user = userEvent.setup();
    mockFetch((_url, init) =>
      init.method === 'DELETE'
        ? failure(409, 'Cannot delete "Category 1": 12 products use this category')
        : json(200, pageOf('categories', [category(1)])),
    );
    renderAs('admin', <CategoriesPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Category 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Category' });
    await user.type(within(dialog).getByLabelText('Category name'), 'category 1');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete Category' }));
    expect(await within(dialog).findByText('Cannot delete "Category 1": 12 products use this category')).toBeTruthy();
  });
});

describe('Category Management URL state', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens the search and page of a link, and a page past the last one becomes the last page', async () => {
    const fetchMock = mockFetch(() => json(200, pageOf('categories', [category(1)], 11)));
    renderAs('support', <CategoriesPage />, '/categories?search=coat&page=5');
    expect(((await screen.findByPlaceholderText('Search categories...')) as HTMLInputElement).value).toBe('coat');
    // 11 categories are 2 pages of 9: page 5 of the old link is replaced by page 2.
    await waitFor(() => expect(currentUrl()).toBe('/categories?search=coat&page=2'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
        '/api/categories?page=5&limit=9&search=coat',
        '/api/categories?page=2&limit=9&search=coat',
      ]),
    );
  });
});
