import type { ViewStyle } from '../api/list-preferences';
import styles from './list-toolbar.module.css';

function GridIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth={2}>
      <rect x="3.5" y="3.5" width="7" height="7" rx="1.5" />
      <rect x="13.5" y="3.5" width="7" height="7" rx="1.5" />
      <rect x="3.5" y="13.5" width="7" height="7" rx="1.5" />
      <rect x="13.5" y="13.5" width="7" height="7" rx="1.5" />
    </svg>
  );
}

function CompactIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round">
      <rect x="3.5" y="4" width="5" height="5" rx="1" />
      <rect x="3.5" y="15" width="5" height="5" rx="1" />
      <path d="M12 5.5h8.5M12 8h5M12 16.5h8.5M12 19h5" />
    </svg>
  );
}

const VIEWS = [
  { view: 'grid', label: 'Grid view', Icon: GridIcon },
  { view: 'compact', label: 'Compact view', Icon: CompactIcon },
] as const;

/** Two toggle buttons, the pressed one being the current view. */
export function ViewToggle({ value, onChange }: { value: ViewStyle; onChange: (view: ViewStyle) => void }) {
  return (
    <div role="group" aria-label="View" className={styles.segmented}>
      {VIEWS.map(({ view, label, Icon }) => (
        <button
          key={view}
          type="button"
          className={styles.segment}
          aria-label={label}
          aria-pressed={value === view}
          title={label}
          onClick={() => onChange(view)}
        >
          <Icon />
        </button>
      ))}
    </div>
  );
}
