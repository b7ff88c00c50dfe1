import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUrlSearchText } from './use-search-text';

afterEach(() => vi.useRealTimers());

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

  it('does not send the old text again when Back changes the URL and the commit function at once', () => {
    vi.useFakeTimers();
    const first = vi.fn();
    const { result, rerender } = renderHook(({ committed, commit }) => useUrlSearchText(committed, commit, 300), {
      initialProps: { committed: 'ab', commit: first },
    });
    // Back: the URL now says 'a', and the page hands over a new commit function in the same render.
    const second = vi.fn();
    rerender({ committed: 'a', commit: second });
    act(() => vi.advanceTimersByTime(400));
    expect(result.current[0]).toBe('a');
    expect(first).not.toHaveBeenCalled();
    expect(second).not.toHaveBeenCalled();
  });

  it('commits a cleared box at once', () => {
    const commit = vi.fn();
    const { result } = renderHook(() => useUrlSearchText('coat', commit, 300));
    act(() => result.current[2](''));
    expect(result.current[0]).toBe('');
    expect(commit).toHaveBeenCalledExactlyOnceWith('');
  });
});
