import type { ReactNode } from 'react';
import { CloseIcon, InfoIcon } from './icons';
import styles from './form-banner.module.css';

function CheckCircleIcon() {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={styles.icon}
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12.5l2.5 2.5L16 9.5" />
    </svg>
  );
}

export type FormBannerTone = 'error' | 'success' | 'info' | 'warning';

interface FormBannerProps {
  tone: FormBannerTone;
  children: ReactNode;
  onDismiss?: () => void;
  className?: string;
}

/** A form's message that belongs to no one field: an error is announced at once, the others politely. */
export function FormBanner({ tone, children, onDismiss, className }: FormBannerProps) {
  return (
    <div
      className={[styles.banner, styles[tone], className].filter(Boolean).join(' ')}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {tone === 'success' ? <CheckCircleIcon /> : <InfoIcon size={18} className={styles.icon} />}
      <div className={styles.body}>{children}</div>
      {onDismiss ? (
        <button type="button" className={styles.dismiss} onClick={onDismiss} aria-label="Dismiss">
          <CloseIcon size={14} />
        </button>
      ) : null}
    </div>
  );
}
