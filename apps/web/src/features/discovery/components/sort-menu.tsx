import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronDownIcon } from '../../../components/icons';
import type { ListSort } from '../api/list-preferences';
import styles from './list-toolbar.module.css';

/** Spec 2.3's sorts, in menu order; `rate` (most saved first) is the code the spec mentions besides the four. */
export const SORT_OPTIONS: readonly { code: ListSort; label: string }[] = [
  { code: 'def', label: 'Default' },
  { code: 'old', label: 'Oldest' },
  { code: 'low', label: 'Low Price' },
  { code: 'high', label: 'High Price' },
  { code: 'rate', label: 'Most Saved' },
];

function SortIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
      <path d="M7 4v16M3.5 16.5 7 20l3.5-3.5M17 20V4M13.5 7.5 17 4l3.5 3.5" />
    </svg>
  );
}

interface SortMenuProps {
  value: ListSort;
  onChange: (sort: ListSort) => void;
}

/**
 * A menu button (WAI-ARIA menu pattern): the button names the current sort; the menu opens on the checked entry,
 * the arrow keys, Home and End move, Enter or Space picks, Escape or Tab or a click outside closes.
 */
export function SortMenu({ value, onChange }: SortMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = SORT_OPTIONS.find((option) => option.code === value) ?? SORT_OPTIONS[0]!;

  useEffect(() => {
    if (!open) return;
    const checked = Math.max(0, SORT_OPTIONS.findIndex((option) => option.code === value));
    itemRefs.current[checked]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
    // Focus moves into the menu when it opens, not each time the value changes while open.
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = itemRefs.current.filter((item): item is HTMLButtonElement => item !== null);
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(index + 1);
      case 'ArrowUp':
        return move(index - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(items.length - 1);
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        return close(true);
      case 'Tab':
        return close(false);
    }
  };

  return (
    <div className={styles.sort} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.control}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <SortIcon />
        <span className={styles.controlLabel}>Sort:</span> <span className={styles.value}>{current.label}</span>
        <ChevronDownIcon size={16} />
      </button>
      {open ? (
        <div id={menuId} role="menu" aria-label="Sort by" className={styles.menu} onKeyDown={onMenuKeyDown}>
          {SORT_OPTIONS.map((option, index) => (
            <button
              key={option.code}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              type="button"
              role="menuitemradio"
              aria-checked={option.code === value}
              tabIndex={-1}
              className={styles.menuItem}
              onClick={() => {
                if (option.code !== value) onChange(option.code);
                close(true);
              }}
            >
              {option.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
