import { json, mockFetch } from '@seamline/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { currentUrl, listRequests } from '../../test/url-probe';
import { answerList, emma, LIST, liam, renderPage, restoreFetch, serve, slow } from './customers-test-kit';

afterEach(restoreFetch);

describe('the Customer Management screen', { timeout: 20_000 }, () => {
  it("asks for one page of the view's size and lists it", async () => {
    const fetchMock = serve();
    renderPage();
    await screen.findByText('12 customers', undefined, slow);
    expect(listRequests(fetchMock, '/api/admin/customers')).toEqual([`${LIST}page=1&limit=10`]);
    const list = screen.getByRole('list', { name: 'Customers' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('heading', { name: 'Customer Management' })).toBeTruthy();
  });

  it('shows the list a URL names: view, search, filter and page', async () => {
    const fetchMock = serve();
    renderPage('admin', '/customers?view=grid&page=2');
    await screen.findByText('12 customers', undefined, slow);
    expect(listRequests(fetchMock, '/api/admin/customers')).toEqual([`${LIST}page=2&limit=8`]);
    expect(within(screen.getByRole('list', { name: 'Customers' })).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('tab', { name: 'Grid View' }).getAttribute('aria-selected')).toBe('true');
  });

  it('searches on the server after 300 ms, keeps the search in the URL, and Show All clears it', {
    timeout: 60_000,
  }, async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('12 customers', undefined, slow);
    await user.type(screen.getByLabelText('Search customers by name, email or phone...'), '555.019');
    await screen.findByText('1 of 12 customers', undefined, { timeout: 10_000 });
    expect(currentUrl()).toBe('/customers?search=555.019');
    // One request per state: the first page, then the finished search (not one per keystroke).
    expect(listRequests(fetchMock, '/api/admin/customers')).toEqual([
      `${LIST}page=1&limit=10`,
      `${LIST}page=1&limit=10&search=555.019`,
    ]);
    const list = screen.getByRole('list', { name: 'Customers' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('555.019').tagName).toBe('MARK');
    await user.click(screen.getAllByRole('button', { name: 'Show All' })[0]!);
    await screen.findByText('12 customers', undefined, slow);
    expect(currentUrl()).toBe('/customers');
    expect((screen.getByLabelText('Search customers by name, email or phone...') as HTMLInputElement).value).toBe('');
  });

  it('pages through the server and keeps the page in the URL', async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('12 customers', undefined, slow);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(currentUrl()).toBe('/customers?page=2'));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Customers' })).getAllByRole('listitem')).toHaveLength(2),
    );
    expect(listRequests(fetchMock, '/api/admin/customers').at(-1)).toBe(`${LIST}page=2&limit=10`);
  });

  it('says "about" when the server only estimated the totals', async () => {
    serve((url) =>
      url.pathname === '/api/admin/customers'
        ? json(200, {
            success: true,
            data: {
              users: [emma],
              pagination: { page: 1, limit: 10, total: 123456, pages: 12346, totalPages: 12346, exact: false },
              overall: { total: 123456, exact: false },
            },
          })
        : undefined,
    );
    renderPage();
    await screen.findByText('about 123,000 customers', undefined, slow);
  });

  it('says No results for a search that matches nobody', async () => {
    serve();
    renderPage('admin', '/customers?search=zzz');
    await screen.findByText('No results', undefined, slow);
    expect(screen.getByText('0 of 12 customers')).toBeTruthy();
  });

  it('shows the spec toast and an empty list when the list fails', async () => {
    mockFetch(() => {
      throw new TypeError('network down');
    });
    renderPage();
    await screen.findByText('Failed to fetch customers');
    expect(screen.getByText('No Customers Found')).toBeTruthy();
  });

  it('asks the server for active customers only when the filter is on', async () => {
    const fetchMock = mockFetch((raw) =>
      answerList(new URL(raw, 'http://localhost'), [{ ...liam, isActive: false }, emma]),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('2 customers', undefined, slow);
    await user.click(screen.getByLabelText('Active only'));
    await screen.findByText('1 customers');
    expect(currentUrl()).toBe('/customers?status=active');
    expect(listRequests(fetchMock, '/api/admin/customers').at(-1)).toBe(`${LIST}page=1&limit=10&status=active`);
  });

  it('keeps selections between the table and grid views', async () => {
    serve();
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('12 customers', undefined, slow);
    await user.click(screen.getByRole('tab', { name: 'Table View' }));
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['', 'Customer', 'Contact', 'Total Spent', 'Orders', 'Member Since', 'Status', 'Actions']);
    await user.click(screen.getByLabelText('Select Emma Wilson'));
    await screen.findByText('1 customers selected');
    await user.click(screen.getByRole('tab', { name: 'Grid View' }));
    expect(screen.getByLabelText('Select Emma Wilson').getAttribute('data-state')).toBe('checked');
    expect(within(screen.getByRole('list', { name: 'Customers' })).getAllByRole('listitem')).toHaveLength(8);
  });
});
