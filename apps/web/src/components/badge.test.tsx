import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge } from './badge';

describe('Badge', () => {
  it('shows counts up to 9 as they are', () => {
    render(<Badge count={9} />);
    expect(screen.getByText('9')).toBeInTheDocument();
  });

  it('caps counts above 9 as 10+', () => {
    render(<Badge count={10} />);
    expect(screen.getByText('10+')).toBeInTheDocument();
    expect(screen.queryByText('10')).not.toBeInTheDocument();
  });

  it('caps much larger counts too', () => {
    render(<Badge count={250} label="new offers" />);
    expect(screen.getByText('10+')).toBeInTheDocument();
    expect(screen.getByText('(10+ new offers)')).toBeInTheDocument();
  });

  it('shows nothing for zero', () => {
    const { container } = render(<Badge count={0} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('as a dot shows no number', () => {
    render(<Badge count={4} dot label="new messages" />);
    expect(screen.queryByText('4')).not.toBeInTheDocument();
    expect(screen.getByText('(new messages)')).toBeInTheDocument();
  });
});
