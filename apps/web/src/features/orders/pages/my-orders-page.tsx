import { ListState, LoadMore } from '../../../components/list-state';
import { UrlTabs, type TabDef } from '../../../components/url-tabs';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ordersQueryOptions, useOrders } from '../api/get-orders';
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
  useOpenOnSold();
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

/**
 * Issue 36: a seller who has bought nothing landed on an empty Bought tab. Opened without ?tab, the page turns to
 * Sold when Bought has no order and Sold has some; once, so choosing Bought afterwards (which leaves the address
 * bare, as the first tab does) stays there.
 */
function useOpenOnSold() {
  const [params, setParams] = useSearchParams();
  const bare = !params.has('tab');
  const decided = useRef(!bare);
  const bought = useInfiniteQuery({ ...ordersQueryOptions('bought'), enabled: bare && !decided.current });
  const boughtNone = bought.isSuccess && bought.data.pages.every((page) => page.orders.length === 0);
  // Sold is asked for only when Bought came back empty.
  const sold = useInfiniteQuery({ ...ordersQueryOptions('sold'), enabled: bare && !decided.current && boughtNone });
  const soldSome = sold.isSuccess && sold.data.pages.some((page) => page.orders.length > 0);
  useEffect(() => {
    if (decided.current || !bought.isSuccess) return;
    if (!boughtNone) {
      decided.current = true;
      return;
    }
    if (!sold.isSuccess) return;
    decided.current = true;
    if (soldSome) setParams({ tab: 'sold' }, { replace: true, preventScrollReset: true });
  }, [bought.isSuccess, boughtNone, sold.isSuccess, soldSome, setParams]);
}
