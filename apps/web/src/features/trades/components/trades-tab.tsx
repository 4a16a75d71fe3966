import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ListState, LoadMore } from '../../../components/list-state';
import { useNotificationCounts } from '../../../lib/session';
import { useTrades } from '../api/get-trades';
import { tradeKeys, type TradeRole } from '../api/keys';
import { TEXTS } from '../messages';
import { useTradeDialogs, type TradeRequest } from './trade-dialogs';
import { TradeList } from './trade-list';
import { useTradePaymentReturn } from './trade-payment-return';
import styles from './trades-tab.module.css';

/** The Trades tab of /me/offers (issue 28): the payment return, then the trades received and those sent. */
export function TradesTab() {
  const { open, dialogs } = useTradeDialogs();
  const payment = useTradePaymentReturn();
  useRefetchOnNewTrades();
  return (
    <div className={styles.tab}>
      {payment.notice}
      {payment.capturing ? null : (
        <>
          <TradesSection role="received" heading="Received" onRequest={open} />
          <TradesSection role="sent" heading="Sent" onRequest={open} />
        </>
      )}
      {dialogs}
    </div>
  );
}

function TradesSection({ role, heading, onRequest }: { role: TradeRole; heading: string; onRequest: (request: TradeRequest) => void }) {
  const query = useTrades(role);
  const headingId = `trades-${role}`;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {heading}
      </h2>
      <ListState query={query} rows={query.data?.pages.flat()} empty={TEXTS.noTrades} failed={TEXTS.loadFailed} loadingLabel={`Loading ${heading.toLowerCase()} trades`} skeletonHeight={96}>
        {(trades) => (
          <>
            <TradeList trades={trades} side={role === 'received' ? 'seller' : 'proposer'} label={`Trades ${role}`} onRequest={onRequest} />
            <LoadMore query={query} label={TEXTS.loadMore} failed={TEXTS.loadMoreFailed} />
          </>
        )}
      </ListState>
    </section>
  );
}

/**
 * The counts arrive by push (socket 'counts'): a new trade or an answer raising numNewTrades while the tab is open
 * fetches the lists again (which marks them seen, so the count falls back without fetching twice).
 */
function useRefetchOnNewTrades() {
  const queryClient = useQueryClient();
  const { numNewTrades } = useNotificationCounts();
  const previous = useRef(numNewTrades);
  useEffect(() => {
    if (numNewTrades > previous.current) void queryClient.invalidateQueries({ queryKey: tradeKeys.all });
    previous.current = numNewTrades;
  }, [numNewTrades, queryClient]);
}
