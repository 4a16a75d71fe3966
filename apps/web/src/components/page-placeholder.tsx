import styles from './page-placeholder.module.css';

/** A page whose content a later issue builds: its heading only, so the route table can be walked today. */
export function PagePlaceholder({ heading }: { heading: string }) {
  return (
    <section className={styles.page}>
      <h1 className={styles.heading}>{heading}</h1>
    </section>
  );
}
