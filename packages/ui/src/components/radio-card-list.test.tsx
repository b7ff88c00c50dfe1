import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { RadioCardList } from './radio-card-list';

const METHODS = [
  { value: 'standard', label: 'Standard', description: '5-7 days', aside: '$5.99' },
  { value: 'express', label: 'Express', description: '2-3 days', aside: 'Free' },
  { value: 'pickup', label: 'Pick up' },
] as const;
type Method = (typeof METHODS)[number]['value'];

function Choice({ legendHidden }: { legendHidden?: boolean }) {
  const [value, setValue] = useState<Method | null>('standard');
  return (
    <>
      <RadioCardList
        legend="Delivery"
        legendHidden={legendHidden}
        name="delivery"
        options={METHODS}
        value={value}
        onChange={setValue}
      />
      <output>{value}</output>
    </>
  );
}

describe('radio card list', () => {
  it('is a named group of radios, each named by its row, the given value checked', () => {
    render(<Choice />);
    const group = within(screen.getByRole('group', { name: 'Delivery' }));
    const radios = group.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Standard5-7 days$5.99',
      'Express2-3 daysFree',
      'Pick up',
    ]);
    expect(radios.map((radio) => radio.name)).toEqual(['delivery', 'delivery', 'delivery']);
    expect(radios.map((radio) => radio.checked)).toEqual([true, false, false]);
  });

  it('answers the value of the row picked', () => {
    render(<Choice />);
    fireEvent.click(screen.getByRole('radio', { name: /Express/ }));
    expect(screen.getByRole('status').textContent).toBe('express');
    expect((screen.getByRole('radio', { name: /Express/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /Standard/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('keeps a hidden legend as the group’s name for screen readers', () => {
    render(<Choice legendHidden />);
    const legend = screen.getByText('Delivery');
    expect(legend.tagName).toBe('LEGEND');
    expect(legend.className).toBe('sr-only');
    expect(screen.getByRole('group', { name: 'Delivery' })).toBeTruthy();
  });
});
