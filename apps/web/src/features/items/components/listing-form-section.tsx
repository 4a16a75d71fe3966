// One titled card of the sell form (Details, Specs, Payment, Trades, Shipping, Photos).
import type { ReactNode } from 'react';
import styles from './listing-form-section.module.css';

interface ListingFormSectionProps {
  /** The heading's id, which labels the section. */
  id: string;
  title: string;
  children: ReactNode;
}

/** A section of the sell form: a card labelled by its heading. */
export function ListingFormSection({ id, title, children }: ListingFormSectionProps) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
