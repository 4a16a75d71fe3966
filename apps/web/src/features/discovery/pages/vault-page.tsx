import type { ReactNode } from 'react';
import { myItemsSource, type VaultTab } from '../api/profiles';
import { EmptyState, ItemList } from '../components/item-list';
import { SaverOffers } from '../components/saver-offers';
import { UrlTabs, type TabDef } from '../../../components/url-tabs';
import styles from './profile-pages.module.css';

type VaultPageTab = VaultTab | 'wants';

const ITEM_TABS: readonly [TabDef<VaultTab>, ...TabDef<VaultTab>[]] = [
  { id: 'saved', label: 'Saved' },
  { id: 'followed', label: 'Followed Sellers' },
];

const LABELS: Record<VaultTab, string> = { saved: 'Saved items', followed: "Followed sellers' items" };

interface VaultPageProps {
  /** The Wants tab (?tab=wants): its label and panel, filled in by app/ from the wants feature. */
  wants?: { label: ReactNode; panel: ReactNode };
}

/** /me/vault (spec 2.7): saved items, the listings of the sellers one follows, and one's wants (issue 16). */
export function VaultPage({ wants }: VaultPageProps) {
  const tabs: readonly [TabDef<VaultPageTab>, ...TabDef<VaultPageTab>[]] = wants
    ? [...ITEM_TABS, { id: 'wants', label: wants.label }]
    : ITEM_TABS;
  return (
    <div className={styles.page}>
      <div className={styles.titleRow}>
        <h1 className={styles.heading}>Vault</h1>
      </div>
      <UrlTabs label="Vault" tabs={tabs}>
        {(tab) =>
          tab === 'wants' ? (
            wants?.panel
          ) : tab === 'saved' ? (
            // Offers to savers (issue 29) come first: they run out within a day.
            <div className={styles.section}>
              <SaverOffers />
              <ItemList key={tab} source={myItemsSource(tab)} label={LABELS[tab]} empty={<EmptyState title="No Items" />} />
            </div>
          ) : (
            <ItemList key={tab} source={myItemsSource(tab)} label={LABELS[tab]} empty={<EmptyState title="No Items" />} />
          )
        }
      </UrlTabs>
    </div>
  );
}
