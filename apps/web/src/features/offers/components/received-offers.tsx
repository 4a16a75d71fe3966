import { Link } from 'react-router-dom';
import { actionsFor, formatPrice, formatShipping, shippingNote, type OfferAction, type ReceivedItemGroup, type ReceivedOffer } from '@keeb/shared';
import { Button } from '../../../components/button';
import { useLinkedRow } from '../../../components/linked-row';
import { PaymentCountdown } from '../../../components/payment-countdown';
import { offerActions } from '../api/offer-actions';
import { TEXTS } from '../messages';
import type { OfferRequest } from './offer-dialogs';
import styles from './offer-lists.module.css';

const USER_NOT_FOUND = 'User Not Found';

interface ReceivedOffersProps {
  groups: readonly ReceivedItemGroup[];
  onRequest: (request: OfferRequest) => void;
}

/** Spec part 2, section 2 "Offers", Received: one collapsible panel per item, its offers inside. */
export function ReceivedOffers({ groups, onRequest }: ReceivedOffersProps) {
  return (
    <ul className={styles.groups} aria-label="Offers received">
      {groups.map((group) => (
        <li key={group._id}>
          <ItemGroup group={group} onRequest={onRequest} />
        </li>
      ))}
    </ul>
  );
}

function ItemGroup({ group, onRequest }: { group: ReceivedItemGroup; onRequest: ReceivedOffersProps['onRequest'] }) {
  const count = group.offers.length;
  const sold = group.purchaserId !== null;
  return (
    <details className={styles.group} open>
      <summary className={styles.summary}>
        <img className={styles.thumb} src={group.thumbnail} alt="" width={56} height={56} loading="lazy" decoding="async" />
        <span className={styles.summaryText}>
          <span className={styles.itemName}>{group.name}</span>
          <span className={styles.meta}>
            {sold ? <span className={styles.sold}>Sold for {formatPrice(group.priceSold ?? group.price)}</span> : formatPrice(group.price)}
          </span>
        </span>
        <span className={styles.count}>
          {count} {count === 1 ? 'offer' : 'offers'}
        </span>
      </summary>
      <div className={styles.groupBody}>
        <Link to={`/detail/${encodeURIComponent(group._id)}`} className={styles.itemLink}>
          View item
        </Link>
        <ul className={styles.offers}>
          {group.offers.map((offer) => (
            <ReceivedOfferRow key={offer._id} offer={offer} group={group} onRequest={onRequest} />
          ))}
        </ul>
      </div>
    </details>
  );
}

const LABELS: Partial<Record<OfferAction, string>> = {
  accept: 'Accept',
  counterSeller: 'Counter',
  extend: 'Give More Time',
  decline: 'Decline',
};

function ReceivedOfferRow({ offer, group, onRequest }: { offer: ReceivedOffer; group: ReceivedItemGroup; onRequest: ReceivedOffersProps['onRequest'] }) {
  const linkedRow = useLinkedRow<HTMLLIElement>(offer._id);
  const buyer = offer.offererId.username;
  const actions = actionsFor('seller', offer.status, group.purchaserId !== null);
  const offered = `${formatPrice(offer.price)} (+ ${shippingNote(offer.shippingPrice)})`;
  // A paid offer shows what was paid: the sale's price, which is the seller's counter when the buyer paid that.
  const paid = offer.status === 'paid' ? (group.priceSold ?? offer.counterPrice ?? offer.price) : null;

  const request = (action: OfferAction): OfferRequest => {
    switch (action) {
      case 'accept':
        return {
          kind: 'confirm',
          title: 'Accept Offer',
          message: `Accept ${buyer}'s offer of ${offered}? They will have 24 hours to pay.`,
          confirmLabel: 'Accept',
          run: () => offerActions.accept(offer._id, group._id),
        };
      case 'counterSeller':
        return {
          kind: 'counter',
          context: `${buyer} offered`,
          currentPrice: offer.price,
          run: (counterPrice) => offerActions.counterSeller(offer._id, counterPrice),
        };
      case 'extend':
        return {
          kind: 'confirm',
          title: 'Give More Time',
          message: `Give ${buyer} 24 more hours to pay ${offered}?`,
          confirmLabel: 'Give More Time',
          isExtend: true,
          run: () => offerActions.extend(offer._id),
        };
      default:
        return {
          kind: 'confirm',
          title: 'Decline Offer',
          message:
            offer.status === 'countered'
              ? `Withdraw your counter and decline ${buyer}'s offer of ${formatPrice(offer.price)}?`
              : `Decline ${buyer}'s offer of ${offered}?`,
          confirmLabel: 'Decline',
          danger: true,
          run: () => offerActions.decline(offer._id),
        };
    }
  };

  return (
    <li className={styles.offer} {...linkedRow.props}>
      <div className={styles.offerHead}>
        {buyer === USER_NOT_FOUND ? (
          <span className={styles.buyer}>{buyer}</span>
        ) : (
          <Link to={`/u/${encodeURIComponent(buyer)}`} className={styles.buyer}>
            {buyer}
          </Link>
        )}
        <span className={styles.price}>{formatPrice(paid ?? offer.price)}</span>
      </div>
      <p className={styles.meta}>
        Ships to {offer.offererId.shippingRegion?.name ?? 'an unknown region'} · {formatShipping(offer.shippingPrice)} shipping
      </p>
      <SellerStatus offer={offer} paid={paid} />
      {actions.length > 0 ? (
        <div className={styles.actions}>
          {actions.map((action) => (
            <Button
              key={action}
              size="sm"
              variant={action === 'decline' ? 'ghost' : action === 'accept' || action === 'extend' ? 'primary' : 'secondary'}
              onClick={() => onRequest(request(action))}
            >
              {LABELS[action]}
            </Button>
          ))}
        </div>
      ) : null}
    </li>
  );
}

function SellerStatus({ offer, paid }: { offer: ReceivedOffer; paid: number | null }) {
  switch (offer.status) {
    case 'accepted':
      return (
        <p className={styles.status}>
          <strong>{TEXTS.awaitingPayment}</strong>{' '}
          {offer.timeAccepted ? <PaymentCountdown timeAccepted={offer.timeAccepted} className={styles.countdown} /> : null}
        </p>
      );
    case 'expired':
      return <p className={`${styles.status} ${styles.warning}`}>{TEXTS.expiredBuyerDidNotPay}</p>;
    case 'countered':
      return <p className={styles.status}>You countered {formatPrice(offer.counterPrice ?? offer.price)}</p>;
    case 'paid':
      return (
        <p className={`${styles.status} ${styles.sold}`}>
          Paid {formatPrice(paid ?? offer.price)}
          {paid !== null && paid !== offer.price ? ` (your counter to their ${formatPrice(offer.price)} offer)` : ''}
        </p>
      );
    default:
      return null;
  }
}
