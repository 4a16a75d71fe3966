import { Badge } from '../../../components/badge';
import { useNotificationCounts } from '../../../lib/session';
import styles from './trades-tab-label.module.css';

/** The Trades tab's name with its badge: the trades new since the user last looked (numNewTrades). */
export function TradesTabLabel() {
  const { numNewTrades } = useNotificationCounts();
  return (
    <>
      Trades
      <Badge count={numNewTrades} label="new trades" className={styles.badge} />
    </>
  );
}
