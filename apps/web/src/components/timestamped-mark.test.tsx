import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { makeItem } from '../test/make-item';
import { ItemCard } from './item-card';

describe("the 'Timestamped' mark on a card (issue 26)", () => {
  it('shows on a timestamped listing, explained, and not on others', () => {
    const { rerender } = render(
      <MemoryRouter>
        <ItemCard item={makeItem(1, { timestamped: true })} />
      </MemoryRouter>,
    );
    const mark = screen.getByText('Timestamped');
    expect(mark).toHaveAttribute('title', 'The seller photographed this item with a dated code');
    expect(screen.getByRole('link', { name: /Keyboard 1/ })).toHaveTextContent('Timestamped: the seller photographed this item with a dated code');
    rerender(
      <MemoryRouter>
        <ItemCard item={makeItem(1)} />
      </MemoryRouter>,
    );
    expect(screen.queryByText('Timestamped')).not.toBeInTheDocument();
  });
});
