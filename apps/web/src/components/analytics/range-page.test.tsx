import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dayChoices, RangePage } from './range-page';

const base = {
  title: 'Sales Analytics',
  description: 'Sales performance over the selected period',
  range: dayChoices(30, [7, 30], () => {}),
  refresh: { label: 'Refresh Data', busy: false, onClick: vi.fn() },
  children: (data: { total: number }) => <p>Total {data.total}</p>,
};

describe('RangePage', () => {
  it('shows the range choices and the refresh button, and a skeleton until the figures arrive', () => {
    const { rerender } = render(
      <RangePage {...base} result={{ data: undefined, isError: false }} failure={{ banner: 'Failed' }} />,
    );
    expect(screen.getByRole('combobox', { name: 'Date range' })).toHaveProperty('value', '30');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Last 7 days', 'Last 30 days']);
    expect(screen.getByRole('button', { name: 'Refresh Data' })).toBeTruthy();
    expect(screen.getByTestId('analytics-skeleton')).toBeTruthy();
    rerender(<RangePage {...base} result={{ data: { total: 3 }, isError: false }} failure={{ banner: 'Failed' }} />);
    expect(screen.getByText('Total 3')).toBeTruthy();
    expect(screen.queryByTestId('analytics-skeleton')).toBeNull();
  });

  it('a failure banner stands above the figures still on screen; without figures there is no skeleton', () => {
    const { rerender } = render(
      <RangePage {...base} result={{ data: { total: 3 }, isError: true }} failure={{ banner: 'Failed to load' }} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Failed to load');
    expect(screen.getByText('Total 3')).toBeTruthy();
    rerender(
      <RangePage {...base} result={{ data: undefined, isError: true }} failure={{ banner: 'Failed to load' }} />,
    );
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.queryByTestId('analytics-skeleton')).toBeNull();
  });

  it('a failure view replaces the figures, and a locked page has no controls', () => {
    const { rerender } = render(
      <RangePage {...base} result={{ data: { total: 3 }, isError: true }} failure={{ view: <p>Broken</p> }} />,
    );
    expect(screen.getByText('Broken')).toBeTruthy();
    expect(screen.queryByText('Total 3')).toBeNull();
    rerender(
      <RangePage
        {...base}
        result={{ data: undefined, isError: false }}
        failure={{ banner: 'Failed' }}
        locked={<p>Not for you</p>}
      />,
    );
    expect(screen.getByText('Not for you')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('analytics-skeleton')).toBeNull();
  });
});
