import { RedditIcon } from './icons';
import styles from './forum-badge.module.css';

/** The linked-forum-account badge beside a username. */
export function ForumBadge() {
  return (
    <span className={styles.badge} title="Linked Reddit account">
      <RedditIcon size={12} />
      <span>Reddit</span>
    </span>
  );
}
