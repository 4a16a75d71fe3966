import styles from './timestamped-mark.module.css';

export const TIMESTAMPED = 'Timestamped';
export const TIMESTAMPED_TITLE = 'The seller photographed this item with a dated code';

/**
 * The 'Timestamped' mark (issue 26) of an approved listing whose seller proved possession the forum's way: a
 * photo of the item beside a dated code an admin compared with the one the site issued.
 */
export function TimestampedMark({ className }: { className?: string }) {
  return (
    <span className={[styles.mark, className].filter(Boolean).join(' ')} title={TIMESTAMPED_TITLE}>
      <svg width={12} height={12} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round">
        <circle cx={12} cy={12} r={9} />
        <path d="M12 7v5l3 2" />
      </svg>
      {TIMESTAMPED}
      <span className="visually-hidden">: {TIMESTAMPED_TITLE.toLowerCase()}</span>
    </span>
  );
}
