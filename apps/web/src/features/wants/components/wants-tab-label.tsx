import { Badge } from '../../../components/badge';
import { useNotificationCounts } from '../../../lib/session';
import { TEXTS } from '../messages';
import styles from './wants-tab-label.module.css';

/** 'Wants' with the unseen matches' count, for the vault's tab list. */
export function WantsTabLabel() {
  const { numNewWantMatches } = useNotificationCounts();
  return (
    <>
      {TEXTS.tabLabel}
      <Badge count={numNewWantMatches} label="new matches" className={styles.badge} />
    </>
  );
}
