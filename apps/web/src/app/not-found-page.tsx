import { Link } from 'react-router-dom';
import styles from './not-found-page.module.css';

export const NOT_FOUND_TEXT = "Sorry, we can't find the page you're looking for.";

export function NotFoundPage() {
  return (
    <section className={styles.page}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.text}>{NOT_FOUND_TEXT}</h1>
      <Link to="/" className={styles.home}>
        Back to the marketplace
      </Link>
    </section>
  );
}
