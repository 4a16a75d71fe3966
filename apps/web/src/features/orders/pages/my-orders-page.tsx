import { ListState, LoadMore } from '../../../components/list-state';
import { UrlTabs, type TabDef } from '../../../components/url-tabs';
import { useOrders } from '../api/get-orders';
import type { OrderRole } from '../api/keys';
import { OrderRow } from '../components/order-row';
import { TEXTS } from '../messages';
import styles from './my-orders-page.module.css';

const TABS: readonly [TabDef<OrderRole>, ...TabDef<OrderRole>[]] = [
  { id: 'bought', label: 'Bought' },
  { id: 'sold', label: 'Sold' },
];

/** /me/orders (issue 26): what the user bought and sold, newest first, each leading to its order. */
export function MyOrdersPage() {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{TEXTS.myOrders}</h1>
      <UrlTabs label="My orders" tabs={TABS}>
        {(role) => <OrdersPanel key={role} role={role} />}
      </UrlTabs>
    </div>
  );
}

function OrdersPanel({ role }: { role: OrderRole }) {
  const query = useOrders(role);
  const orders = query.data?.pages.flatMap((page) => page.orders);
  return (
    <ListState query={query} rows={orders} empty={TEXTS.noOrders} failed={TEXTS.loadFailed} loadingLabel="Loading orders" skeletonHeight={88}>
      {(rows) => (
        <>
          <ul className={styles.list} aria-label={role === 'bought' ? 'Orders bought' : 'Orders sold'}>
            {rows.map((order) => (
              <OrderRow key={order._id} order={order} role={role} />
            ))}
          </ul>
          <LoadMore query={query} label={TEXTS.loadMore} failed={TEXTS.loadMoreFailed} />
        </>
      )}
    </ListState>
  );
}
