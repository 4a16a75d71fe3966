import { myItemsSource, type VaultTab } from '../api/profiles';
import { EmptyState, ItemList } from '../components/item-list';
import { UrlTabs, type TabDef } from '../../../components/url-tabs';
import styles from './profile-pages.module.css';

const TABS: readonly [TabDef<VaultTab>, ...TabDef<VaultTab>[]] = [
  { id: 'saved', label: 'Saved' },
  { id: 'followed', label: 'Followed Sellers' },
];

const LABELS: Record<VaultTab, string> = { saved: 'Saved items', followed: "Followed sellers' items" };

/** /me/vault (spec 2.7): saved items, and the listings of the sellers one follows. */
export function VaultPage() {
  return (
    <div className={styles.page}>
      <div className={styles.titleRow}>
        <h1 className={styles.heading}>Vault</h1>
      </div>
      <UrlTabs label="Vault" tabs={TABS}>
        {(tab) => <ItemList key={tab} source={myItemsSource(tab)} label={LABELS[tab]} empty={<EmptyState title="No Items" />} />}
      </UrlTabs>
    </div>
  );
}
