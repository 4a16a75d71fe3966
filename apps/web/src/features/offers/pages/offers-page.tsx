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

type OffersTab = 'received' | 'sent';

const TABS: readonly [TabDef<OffersTab>, ...TabDef<OffersTab>[]] = [
  { id: 'received', label: 'Received' },
  { id: 'sent', label: 'Sent' },
];

/** /me/offers (spec part 2, section 2 "Offers"): what buyers offered on one's items, and one's own offers. */
export function OffersPage() {
  const { open, dialogs } = useOfferDialogs();
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
      <UrlTabs label="Offers" tabs={TABS}>
        {(tab) => (tab === 'received' ? <ReceivedPanel onRequest={open} /> : <SentPanel onRequest={open} />)}
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

