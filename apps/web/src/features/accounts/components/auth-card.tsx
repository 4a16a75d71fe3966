import type { ReactNode } from 'react';
import styles from './auth-card.module.css';

export { styles as authStyles };

interface AuthCardProps {
  title: string;
  lead?: ReactNode;
  /** The narrower card of the sign-up's ?type=modal variant. */
  compact?: boolean;
  /** Links under the card ('Already have an account? Log in'). */
  footer?: ReactNode;
  children: ReactNode;
}

/** The centred card every account screen (login, sign-up, password, email confirmation) sits in. */
export function AuthCard({ title, lead, compact = false, footer, children }: AuthCardProps) {
  return (
    <section className={compact ? `${styles.page} ${styles.compact}` : styles.page}>
      <div className={styles.card}>
        <div className={styles.header}>
          <h1 className={styles.title}>{title}</h1>
          {lead ? <p className={styles.lead}>{lead}</p> : null}
        </div>
        {children}
      </div>
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </section>
  );
}
