import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { StarRatingInput } from './star-rating-input';

function Choice({ error }: { error?: string }) {
  const [value, setValue] = useState<number | null>(null);
  return <StarRatingInput legend="Your rating" name="rating" value={value} onChange={setValue} error={error} />;
}

describe('star rating input', () => {
  it('is a named radio group of 1 to 5 stars, with its error linked', () => {
    render(<Choice error="Rating must be a whole number from 1 to 5." />);
    const group = screen.getByRole('group', { name: 'Your rating' });
    expect(screen.getAllByRole('radio').map((radio) => radio.parentElement?.textContent)).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    const described = group.getAttribute('aria-describedby');
    expect(document.getElementById(described ?? '')?.textContent).toBe('Rating must be a whole number from 1 to 5.');
    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    expect((screen.getByRole('radio', { name: '4 stars' }) as HTMLInputElement).checked).toBe(true);
  });
});
