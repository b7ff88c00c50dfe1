import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { HeartToggle } from './heart-toggle';

function Wish({ disabled = false }: { disabled?: boolean }) {
  const [on, setOn] = useState(false);
  return <HeartToggle pressed={on} onPressedChange={setOn} labels={{ off: 'Add', on: 'Remove' }} disabled={disabled} />;
}

describe('HeartToggle', () => {
  it('is a toggle button whose name says what a press does', () => {
    render(<Wish />);
    const button = screen.getByRole('button', { name: 'Add' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.getAttribute('type')).toBe('button');
    fireEvent.click(button);
    expect(screen.getByRole('button', { name: 'Remove' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByRole('button', { name: 'Add' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('does nothing while disabled', () => {
    render(<Wish disabled />);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('button', { name: 'Add' }).getAttribute('aria-pressed')).toBe('false');
  });
});
