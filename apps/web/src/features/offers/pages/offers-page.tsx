import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { VaultIcon } from '../../../components/icons';
import { ListState, LoadMore } from '../../../components/list-state';
import { UrlTabs, type TabDef } from '../../../components/url-tabs';
import { useReceivedOffers, useSentOffers } from '../api/get-offers';
import { useOfferDialogs, type OfferRequest } from '../components/offer-dialogs';
import { ReceivedOffers } from '../components/received-offers';
import { SentOffers } from '../components/sent-offers';
import { TEXTS } from '../messages';
import styles from './offers-page.module.css';

type OffersTab = 'received' | 'sent' | 'trades';

const TABS: readonly [TabDef<OffersTab>, ...TabDef<OffersTab>[]] = [
  { id: 'received', label: 'Received' },
  { id: 'sent', label: 'Sent' },
];

interface OffersPageProps {
  /** Issue 28's Trades tab (?tab=trades), the trades feature's, composed in app/ (features do not import one another). */
  trades?: { label: ReactNode; panel: ReactNode };
}

/** /me/offers (spec part 2, section 2 "Offers"): what buyers offered on one's items, and one's own offers. */
export function OffersPage({ trades }: OffersPageProps = {}) {
  const { open, dialogs } = useOfferDialogs();
  const tabs: typeof TABS = trades ? [...TABS, { id: 'trades', label: trades.label }] : TABS;
  return (
    <div className={styles.page}>
      <div className={styles.titleRow}>
        <h1 className={styles.heading}>Offers</h1>
        <Link to="/me/vault" className={styles.vault}>
          <VaultIcon size={18} />
          Vault
        </Link>
      </div>
      <p className={styles.note}>Offer amounts are in USD and do not include shipping.</p>
      <UrlTabs label="Offers" tabs={tabs}>
        {(tab) => (tab === 'received' ? <ReceivedPanel onRequest={open} /> : tab === 'sent' ? <SentPanel onRequest={open} /> : trades?.panel)}
      </UrlTabs>
      {dialogs}
    </div>
  );
}

function ReceivedPanel({ onRequest }: { onRequest: (request: OfferRequest) => void }) {
  const query = useReceivedOffers();
  const groups = query.data?.pages.flat();
  return (
    <ListState query={query} rows={groups} {...listTexts}>
      {(rows) => (
        <>
          <ReceivedOffers groups={rows} onRequest={onRequest} />
          <LoadMore query={query} label={TEXTS.loadMore} failed={TEXTS.loadMoreFailed} />
        </>
      )}
    </ListState>
  );
}

const listTexts = { empty: TEXTS.noOffers, failed: TEXTS.loadFailed, loadingLabel: 'Loading offers', skeletonHeight: 96 };

function SentPanel({ onRequest }: { onRequest: (request: OfferRequest) => void }) {
  const query = useSentOffers();
  return <ListState query={query} rows={query.data} {...listTexts}>{(offers) => <SentOffers offers={offers} onRequest={onRequest} />}</ListState>;
}

