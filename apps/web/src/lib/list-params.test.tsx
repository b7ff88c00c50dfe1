import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLastPageClamp, useListParams } from './list-params';

const defaults = { page: 1, search: '', status: 'all', view: 'table' };

function renderAt(url: string, totalPages?: number) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={['/start', url]} initialIndex={1}>
      {children}
    </MemoryRouter>
  );
  return renderHook(
    ({ pages }) => {
      const [params, setParams] = useListParams(defaults);
      useLastPageClamp(params.page, pages, setParams);
      return { params, setParams, location: useLocation(), navigate: useNavigate() };
    },
    { wrapper, initialProps: { pages: totalPages } },
  );
}

describe('useListParams', () => {
  afterEach(() => vi.useRealTimers());

  it('reads the list state from the URL, with defaults for what is missing or malformed', () => {
    const { result } = renderAt('/orders?page=3&search=smith&view=grid');
    expect(result.current.params).toEqual({ page: 3, search: 'smith', status: 'all', view: 'grid' });
    expect(renderAt('/orders?page=-2').result.current.params.page).toBe(1);
    expect(renderAt('/orders?page=abc').result.current.params.page).toBe(1);
  });

  it('writes changes to the URL, leaves defaults out and goes back to page 1 when a filter changes', () => {
    const { result } = renderAt('/orders?page=3&search=smith');
    act(() => result.current.setParams({ status: 'shipped' }));
    expect(result.current.location.search).toBe('?search=smith&status=shipped');
    act(() => result.current.setParams({ page: 2 }));
    expect(result.current.location.search).toBe('?search=smith&status=shipped&page=2');
    act(() => result.current.setParams({ search: '', status: 'all' }));
    expect(result.current.location.search).toBe('');
  });

  it('applies two changes made in one tick, and adds no history entry when nothing changes', () => {
    const { result } = renderAt('/orders');
    act(() => {
      result.current.setParams({ search: 'smith' }, { replace: true });
      result.current.setParams({ page: 2 });
    });
    expect(result.current.location.search).toBe('?search=smith&page=2');
    act(() => result.current.setParams({ page: 2 }));
    act(() => result.current.navigate(-1));
    // One step back leaves page 2 (the repeated click made no entry); the search was a replace of /orders.
    expect(result.current.location.search).toBe('?search=smith');
  });

  it('replaces a page past the last page with the last page, only once the page count is known', () => {
    const { result, rerender } = renderAt('/orders?search=smith&page=7', undefined);
    expect(result.current.params.page).toBe(7);
    rerender({ pages: 3 });
    expect(result.current.location.search).toBe('?search=smith&page=3');
    // It replaced the entry: Back leaves the list rather than returning to the stale page 7.
    act(() => result.current.navigate(-1));
    expect(result.current.location.pathname).toBe('/start');
  });

  it('leaves a page within the count alone', () => {
    const { result } = renderAt('/orders?page=2', 2);
    expect(result.current.location.search).toBe('?page=2');
  });
});
