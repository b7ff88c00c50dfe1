import type { Brand } from '@seamline/shared';
import { json, mockFetch } from '@seamline/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageOf, renderAs } from '../../components/taxonomy/taxonomy-test-utils';
import { BrandsPage } from './pages/TaxonomyPage';

const brand = (extra: Partial<Brand> = {}): Brand => ({
  _id: 'b'.repeat(24),
  id: 'b'.repeat(24),
  name: 'Northwind',
  description: 'Outdoor wear',
  website: 'https://northwind.example',
  logo: null,
  productCount: 0,
  createdAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-01T10:00:00.000Z',
  ...extra,
});
const logo = { original: '/uploads/brands/n.png', webp: '/n.webp', thumbnail: '/n-thumb.webp', alt: 'Northwind' };

describe('Brand Management', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows each brand with its Visit Website link opening in a new tab, and the empty state text', async () => {
    mockFetch((url) =>
      url.includes('search=zzz') ? json(200, pageOf('brands', [])) : json(200, pageOf('brands', [brand()])),
    );
    renderAs('support', <BrandsPage />);
    const link = await screen.findByRole('link', { name: 'Visit Website' });
    expect(link.getAttribute('href')).toBe('https://northwind.example');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    await userEvent.type(screen.getByPlaceholderText('Search brands...'), 'zzz');
    expect(await screen.findByText('No Brands Found')).toBeTruthy();
  });

  it('refuses a website without http(s) and saves an edit with a new logo through the upload call', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch((_url, init) => {
      if (init.method === 'PUT') return json(200, { success: true, data: { brand: brand({ name: 'Northwind Co' }) } });
      if (init.method === 'POST') return json(200, { success: true, data: { logo, brand: brand({ logo }) } });
      return json(200, pageOf('brands', [brand()]));
    });
    renderAs('admin', <BrandsPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Northwind' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Brand' });
    const submit = within(dialog).getByRole('button', { name: 'Update Brand' });
    const website = within(dialog).getByLabelText('Website');
    await user.clear(website);
    await user.type(website, 'northwind.example');
    expect(
      await within(dialog).findByText('Website must be a valid URL starting with http:// or https://'),
    ).toBeTruthy();
    expect(submit.hasAttribute('disabled')).toBe(true);
    await user.clear(website);
    await user.type(website, 'https://northwind.example');
    await user.clear(within(dialog).getByLabelText(/Name/));
    await user.type(within(dialog).getByLabelText(/Name/), 'Northwind Co');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText('Logo'), file);
    expect(within(dialog).getByAltText('Logo preview').getAttribute('src')).toBe('blob:preview');
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    await user.click(submit);
    expect(await screen.findByText('Brand updated successfully')).toBeTruthy();

    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe(`/api/brands/${'b'.repeat(24)}`);
    expect(JSON.parse(String(put[1]!.body))).toEqual({
      name: 'Northwind Co',
      description: 'Outdoor wear',
      website: 'https://northwind.example',
    });
    const upload = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(upload[0]).toBe(`/api/brands/${'b'.repeat(24)}/logo`);
    expect((upload[1]!.body as FormData).get('logo')).toBeInstanceOf(File);
  });

  it('leaving the empty name shows "Brand name is required" on blur, not only a disabled button', async () => {
    const user = userEvent.setup();
    mockFetch(() => json(200, pageOf('brands', [brand()])));
    renderAs('admin', <BrandsPage />);
    await user.click(await screen.findByRole('button', { name: 'Add Brand' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Brand' });
    await user.click(within(dialog).getByLabelText(/Name/));
    await user.tab();
    expect(await within(dialog).findByText('Brand name is required')).toBeTruthy();
  });

  it('a file that is not an image is refused before anything is sent', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const fetchMock = mockFetch(() => json(200, pageOf('brands', [brand()])));
    renderAs('admin', <BrandsPage />);
    await user.click(await screen.findByRole('button', { name: 'Add Brand' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Brand' });
    await user.upload(within(dialog).getByLabelText('Logo'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(within(dialog).getByText('Failed to process image. Please try again.')).toBeTruthy();
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });
});
