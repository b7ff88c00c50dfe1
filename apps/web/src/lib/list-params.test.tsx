import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useListParams, useUrlSearchText } from './list-params';

const defaults = { page: 1, search: '', status: 'all', view: 'table' };

function renderAt(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => {
      const [params, setParams] = useListParams(defaults);
      return { params, setParams, location: useLocation() };
    },
    { wrapper },
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
});

describe('useUrlSearchText', () => {
  it('commits typed text after the delay and shows a value that arrives from the URL', () => {
    vi.useFakeTimers();
    const commit = vi.fn();
    const { result, rerender } = renderHook(({ committed }) => useUrlSearchText(committed, commit, 300), {
      initialProps: { committed: 'a' },
    });
    act(() => result.current[1]('ab'));
    expect(result.current[0]).toBe('ab');
    act(() => vi.advanceTimersByTime(299));
    expect(commit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(commit).toHaveBeenCalledWith('ab');
    rerender({ committed: 'xyz' });
    expect(result.current[0]).toBe('xyz');
    act(() => vi.advanceTimersByTime(400));
    expect(commit).toHaveBeenCalledTimes(1);
  });
});
