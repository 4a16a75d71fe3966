import styles from './badge.module.css';

/** Spec 2.2 and 9: counts above 9 read '10+'. */
export const BADGE_CAP = 9;

export function badgeText(count: number): string {
  return count > BADGE_CAP ? `${BADGE_CAP + 1}+` : String(count);
}

interface BadgeProps {
  count: number;
  /** A bare red new-marker dot instead of the number. */
  dot?: boolean;
  /** What the count counts, for screen readers: 'new offers'. */
  label?: string;
  className?: string;
}

/** The red new-marker: renders nothing for zero. */
export function Badge({ count, dot = false, label = 'new', className }: BadgeProps) {
  if (count <= 0) return null;
  const text = badgeText(count);
  const classes = [dot ? styles.dot : styles.badge, className].filter(Boolean).join(' ');
  return (
    <span className={classes}>
      {dot ? null : <span aria-hidden="true">{text}</span>}
      <span className="visually-hidden">{dot ? ` (${label})` : ` (${text} ${label})`}</span>
    </span>
  );
}
