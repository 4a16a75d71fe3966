import { render, screen } from '@testing-library/react';
import { CATEGORY_SPECS } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { SpecValueGroup } from './spec-value-group';

// Issue 36: 'Alice/ergonomic' broke as 'Alice/ergonomi c' on a phone (the label could break anywhere). It breaks
// after its slash, and a word breaks only where it cannot fit a line of its own.
describe('SpecValueGroup', () => {
  it('lets a label break after a slash, not inside a word', () => {
    const size = CATEGORY_SPECS.keyboards.find((field) => field.key === 'size')!;
    render(<SpecValueGroup field={size} values={size.choices!} selected={[]} onChange={() => undefined} />);
    const label = screen.getByText((_, element) => element?.tagName === 'SPAN' && element.textContent === 'Alice/ergonomic');
    expect(label.innerHTML).toBe('Alice/<wbr>ergonomic');
  });
});
