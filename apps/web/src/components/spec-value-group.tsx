import type { FacetCount, SpecField } from '@keeb/shared';
import { SlashBreaks } from './slash-breaks';
import styles from './spec-value-group.module.css';

export interface SpecValueGroupProps {
  field: SpecField;
  /** The values offered: the field's list, or for a free text or a quantity the ones worth offering. */
  values: ReadonlyArray<{ value: string; label: string }>;
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  /**
   * Each value's count of listings (the feed's filters): shown beside it, and a value with none is dimmed and
   * cannot be ticked (one already ticked can still be unticked). Undefined while unknown: no counts, nothing dimmed.
   */
  counts?: Readonly<Record<string, FacetCount>> | undefined;
  /**
   * The most values that may be ticked (the feed's filters: LIST_FILTER_LIMITS.valuesPerKey, past which the API
   * refuses the query, issue 36). At it, the unticked values cannot be ticked and the group says so.
   */
  max?: number | undefined;
}

/**
 * One spec as a group of boxes, several of which may be ticked (any of them will do): the feed's filters with their
 * counts, and a want's specs without. A fieldset whose legend is the spec's label.
 */
export function SpecValueGroup({ field, values, selected, onChange, counts, max }: SpecValueGroupProps) {
  const order = values.map((entry) => entry.value);
  const full = max !== undefined && selected.length >= max;
  const toggle = (value: string, on: boolean) => {
    const next = on ? [...selected, value] : selected.filter((other) => other !== value);
    // The list's order whatever the order of the clicks, so the same choice is the same query.
    onChange(next.sort((a, b) => order.indexOf(a) - order.indexOf(b)));
  };
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{field.label}</legend>
      <div className={styles.options}>
        {values.map(({ value, label }) => {
          const checked = selected.includes(value);
          const count = counts ? (counts[value] ?? 0) : undefined;
          const empty = count === 0;
          return (
            <label key={value} className={[styles.option, empty ? styles.empty : ''].filter(Boolean).join(' ')}>
              <input
                type="checkbox"
                name={field.key}
                value={value}
                checked={checked}
                disabled={(empty || full) && !checked}
                onChange={(event) => toggle(value, event.target.checked)}
              />
              <span className={styles.label}>
                <SlashBreaks text={label} />
              </span>
              {/* The space keeps the name read as '65% 12', not '65%12'. */}
              {count !== undefined ? <> <span className={styles.count}>{count}</span></> : null}
            </label>
          );
        })}
      </div>
      {full ? <p className={styles.note}>At most {max} can be ticked.</p> : null}
    </fieldset>
  );
}
