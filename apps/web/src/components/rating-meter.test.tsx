import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RatingMeter } from './rating-meter';

describe('RatingMeter', () => {
  it('shows one decimal and the count, named as a sentence', () => {
    render(<RatingMeter overall={4.333} count={12} />);
    const meter = screen.getByRole('img', { name: '4.3 out of 5, 12 ratings' });
    expect(meter).toHaveTextContent('4.3 (12)');
  });

  it('says when there is one rating, or none yet', () => {
    const { rerender } = render(<RatingMeter overall={5} count={1} />);
    expect(screen.getByRole('img', { name: '5.0 out of 5, 1 rating' })).toBeInTheDocument();
    rerender(<RatingMeter overall={0} count={0} />);
    expect(screen.getByRole('img', { name: 'No ratings yet' })).toHaveTextContent('No ratings yet');
  });
});
