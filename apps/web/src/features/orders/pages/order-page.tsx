import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ORDER_ERRORS, type OrderDetail } from '@keeb/shared';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { OrderStatus } from '../../../components/order-status';
import { isApiError } from '../../../lib/api-error';
import { useOrder } from '../api/get-order';
import { AdminClose } from '../components/admin-close';
import { BuyerActions, type RateSellerModal } from '../components/buyer-actions';
import { OrderParties, type OrderMessageModal, type OrderParty } from '../components/order-parties';
import { OrderSummaryCard } from '../components/order-summary';
import { OrderTimeline } from '../components/order-timeline';
import { ProblemPanel } from '../components/problem-panel';
import { ShipForm } from '../components/ship-form';
import { ShipTo, ShipToMissing } from '../components/ship-to';
import { ShipToRequest } from '../components/ship-to-request';
import { TrackingLine } from '../components/tracking-line';
import { TradeParcels } from '../components/trade-parcels';
import { TEXTS } from '../messages';
import styles from './order-page.module.css';

interface OrderPageProps {
  /** The chat's 'Send Message' modal (app/ composes it). */
  messageModal: OrderMessageModal;
  /** The ratings' 'Send Feedback' modal (app/ composes it). */
  rateSellerModal: RateSellerModal;
}

/** /me/orders/{id} (issue 26): one order as its buyer, its seller or an admin sees it, with what each may do now. */
export function OrderPage({ messageModal, rateSellerModal }: OrderPageProps) {
  const { id = '' } = useParams();
  const query = useOrder(id);

  if (query.data) return <OrderView order={query.data} messageModal={messageModal} rateSellerModal={rateSellerModal} />;
  if (isApiError(query.error) && (query.error.code === ORDER_ERRORS.notFound || query.error.status === 404)) {
    return (
      <section className={styles.state}>
        <h1 className={styles.heading}>{TEXTS.notFoundTitle}</h1>
        <p>{TEXTS.notFound}</p>
        <Link to="/me/orders" className={styles.backLink}>
          {TEXTS.myOrders}
        </Link>
      </section>
    );
  }
  if (query.isError) {
    return (
      <section className={styles.state}>
        <h1 className={styles.heading}>{TEXTS.orderTitle}</h1>
        <FormBanner tone="error">
          {TEXTS.loadOrderFailed}{' '}
          <Button variant="ghost" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </FormBanner>
      </section>
    );
  }
  return (
    <section className={styles.state} aria-busy="true" aria-label="Loading the order">
      <h1 className="visually-hidden">{TEXTS.orderTitle}</h1>
      <div className={styles.skeleton} />
    </section>
  );
}

function OrderView({ order, messageModal, rateSellerModal }: { order: OrderDetail } & OrderPageProps) {
  const [messageTo, setMessageTo] = useState<OrderParty | null>(null);
  const shipped = order.shippedAt !== null;
  const openProblem = order.problem && order.problem.resolvedAt === null ? order.problem : null;

  return (
    <article className={styles.page} data-testid="order-page" data-status={order.status}>
      <div className={styles.titleRow}>
        <h1 className={styles.heading}>{TEXTS.orderTitle}</h1>
        {order.tradeSide ? (
          <Link to="/me/offers?tab=trades" className={styles.tradeLabel} data-testid="trade-label">
            Trade
          </Link>
        ) : null}
        <OrderStatus status={order.status} late={order.late} />
      </div>
      <div className={styles.columns}>
        <div className={styles.main}>
          {order.tradeSide ? <TradeParcels order={order} trade={order.tradeSide} /> : <OrderSummaryCard order={order} />}
          {shipped && !order.tradeSide ? <TrackingLine tracking={order.tracking} /> : null}
          {order.actions.includes('address') ? <ShipToRequest order={order} /> : null}
          {order.actions.includes('ship') ? <ShipForm order={order} /> : null}
          {order.role === 'buyer' ? <BuyerActions order={order} rateSellerModal={rateSellerModal} /> : null}
          {order.problem ? <ProblemPanel problem={order.problem} order={order} /> : null}
          {openProblem && order.actions.includes('close') ? <AdminClose order={order} problemId={openProblem._id} /> : null}
          <section className={styles.timelineCard} aria-labelledby="order-timeline">
            <h2 id="order-timeline" className={styles.sectionHeading}>
              Timeline
            </h2>
            <OrderTimeline events={order.timeline} />
          </section>
        </div>
        <aside className={styles.aside} aria-label="Parties">
          <OrderParties order={order} onMessage={setMessageTo} />
          {order.shipTo ? <ShipTo address={order.shipTo} /> : order.awaitingAddress && order.role !== 'buyer' ? <ShipToMissing order={order} /> : null}
        </aside>
      </div>
      {messageTo ? messageModal({ order, to: messageTo, open: true, onClose: () => setMessageTo(null) }) : null}
    </article>
  );
}
