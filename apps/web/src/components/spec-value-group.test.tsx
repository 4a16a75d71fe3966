import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATEGORY_SPECS, LIST_FILTER_LIMITS, specFieldsOf } from '@keeb/shared';
import { describe, expect, it, vi } from 'vitest';
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

/**
 * Issue 36: the API answers 400 too_many_values past LIST_FILTER_LIMITS.valuesPerKey values of one key, and the
 * feed drops a failed page silently (spec 2.3). The filters modal's groups therefore stop ticking at the bound and
 * say so, so no query the modal sends is refused.
 */
const maker = specFieldsOf('keycaps').find((f) => f.key === 'maker')!;
const MAX = LIST_FILTER_LIMITS.valuesPerKey;
const values = Array.from({ length: MAX + 6 }, (_, i) => ({ value: `maker ${i}`, label: `Maker ${i}` }));

describe('SpecValueGroup with a most', () => {
  it('below the most, every value can be ticked and nothing is said', () => {
    render(<SpecValueGroup field={maker} values={values} selected={values.slice(0, MAX - 1).map((v) => v.value)} onChange={() => {}} max={MAX} />);
    expect(screen.getByRole('checkbox', { name: `Maker ${MAX + 1}` })).toBeEnabled();
    expect(screen.queryByText(/at most/i)).not.toBeInTheDocument();
  });

  it('at the most, the unticked values cannot be ticked, the ticked ones can be unticked, and it says why', async () => {
    const onChange = vi.fn();
    const selected = values.slice(0, MAX).map((v) => v.value);
    render(<SpecValueGroup field={maker} values={values} selected={selected} onChange={onChange} max={MAX} />);
    expect(screen.getByRole('checkbox', { name: `Maker ${MAX + 1}` })).toBeDisabled();
    expect(screen.getByText(`At most ${MAX} can be ticked.`)).toBeInTheDocument();
    const first = screen.getByRole('checkbox', { name: 'Maker 0' });
    expect(first).toBeEnabled();
    await userEvent.click(first);
    expect(onChange).toHaveBeenCalledWith(selected.slice(1));
  });
});
