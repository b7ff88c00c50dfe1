import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { avatarColors, initialsOf } from './avatar';
import { Button } from './button';
import { ErrorState } from './error-state';
import { Highlight } from './highlight';
import { Pagination, pageWindow } from './pagination';
import { RatingStars } from './rating-stars';
import { SearchBox } from './search-box';

describe('Button', () => {
  it('styles its one child element when asChild is set (a link that looks like a button)', () => {
    render(
      <Button asChild variant="outline">
        <a href="/dashboard">Back to the dashboard</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Back to the dashboard' });
    expect(link.getAttribute('href')).toBe('/dashboard');
    expect(link.className).toContain('border-outline-border');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows a spinner and is disabled while loading', () => {
    render(<Button loading>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('svg.animate-spin')).not.toBeNull();
  });
});

describe('Pagination', () => {
  it('is hidden when there is one page', () => {
    const { container } = render(<Pagination page={1} totalPages={1} onPageChange={vi.fn()} />);
    expect(container.innerHTML).toBe('');
  });

  it('shows Prev, the numbers and Next, and reports the chosen page', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={1} totalPages={3} onPageChange={onPageChange} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent?.trim())).toEqual(['Prev', '1', '2', '3', 'Next']);
    expect(screen.getByRole('button', { name: 'Prev' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: '3' }));
    expect(onPageChange.mock.calls).toEqual([[2], [3]]);
  });

  it('shortens long page lists with gaps', () => {
    expect(pageWindow(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageWindow(2, 20)).toEqual([1, 2, 3, 'gap', 20]);
  });
});

describe('Avatar', () => {
  it('is deterministic per seed and makes initials from names and e-mails', () => {
    expect(avatarColors('emma.wilson@example.com')).toEqual(avatarColors('emma.wilson@example.com'));
    expect(avatarColors('a@example.com')).not.toEqual(avatarColors('b@example.com'));
    expect(initialsOf('Emma Wilson')).toBe('EW');
    expect(initialsOf('emma.wilson@example.com')).toBe('EW');
    expect(initialsOf('admin@seamline.dev')).toBe('AD');
  });
});

describe('Highlight', () => {
  it('marks matches and treats the search text literally', () => {
    const { container } = render(<Highlight text="Price (USD) is 1.5x" query="(usd)" />);
    expect(container.querySelector('mark')?.textContent).toBe('(USD)');
    const dot = render(<Highlight text="a.b axb" query="." />);
    expect(dot.container.querySelectorAll('mark')).toHaveLength(1);
  });
});

describe('ErrorState', () => {
  it("offers 'Try Again'", async () => {
    const onRetry = vi.fn();
    render(<ErrorState title="Error Loading Dashboard" message="Failed to load analytics data" onRetry={onRetry} />);
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('SearchBox', () => {
  afterEach(() => vi.useRealTimers());

  it('reports the text once typing has paused for the delay', async () => {
    vi.useFakeTimers();
    const onDebouncedChange = vi.fn();
    render(<SearchBox value="" onDebouncedChange={onDebouncedChange} delayMs={300} placeholder="Search users..." />);
    const input = screen.getByPlaceholderText('Search users...');
    fireEvent.change(input, { target: { value: 'em' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(input, { target: { value: 'emma' } });
    act(() => vi.advanceTimersByTime(299));
    expect(onDebouncedChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDebouncedChange.mock.calls).toEqual([['emma']]);
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onDebouncedChange.mock.calls).toEqual([['emma'], ['']]);
  });
});

describe('RatingStars', () => {
  it('is one image named by the rating, filling whole and part stars', () => {
    const { container } = render(<RatingStars rating={3.5} />);
    expect(screen.getByRole('img', { name: '3.5 out of 5 stars' })).toBeTruthy();
    const fills = [...container.querySelectorAll<HTMLElement>('[style]')].map((el) => el.style.width);
    expect(fills).toEqual(['100%', '100%', '100%', '50%']);
    render(<RatingStars rating={4} />);
    expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
  });
});
