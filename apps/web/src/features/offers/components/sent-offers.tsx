import { Link } from 'react-router-dom';
import { actionsFor, formatPrice, formatShipping, priceWithShipping, type OfferAction, type SentOffer } from '@keeb/shared';
import { Button } from '../../../components/button';
import { useLinkedRow } from '../../../components/linked-row';
import { PaymentCountdown } from '../../../components/payment-countdown';
import { paymentConfirmText } from '../../../lib/payment';
import { offerActions } from '../api/offer-actions';
import { TEXTS } from '../messages';
import type { OfferRequest } from './offer-dialogs';
import styles from './offer-lists.module.css';

interface SentOffersProps {
  offers: readonly SentOffer[];
  onRequest: (request: OfferRequest) => void;
}

const LABELS: Partial<Record<OfferAction, string>> = { pay: 'Pay Now', counterBuyer: 'Counter', remove: 'Delete' };

/** Spec part 2, section 2 "Offers", Sent: each offer with its item, 'You Offered', shipping and the buyer's actions. */
export function SentOffers({ offers, onRequest }: SentOffersProps) {
  return (
    <ul className={styles.sentList} aria-label="Offers sent">
      {offers.map((offer) => (
        <SentOfferRow key={offer._id} offer={offer} onRequest={onRequest} />
      ))}
    </ul>
  );
}

function SentOfferRow({ offer, onRequest }: { offer: SentOffer; onRequest: SentOffersProps['onRequest'] }) {
  const linkedRow = useLinkedRow<HTMLLIElement>(offer._id);
  const item = offer.itemId;
  const purchased = item.purchaserId !== null;
  const actions = actionsFor('buyer', offer.status, purchased);
  // Spec part 2, section 3: the payment carries the counter price if there is one, else the offer's.
  const toPay = offer.counterPrice ?? offer.price;
  const itemPath = `/detail/${encodeURIComponent(item._id)}`;

  const request = (action: OfferAction): OfferRequest => {
    switch (action) {
      case 'pay':
        return {
          kind: 'pay',
          message: paymentConfirmText(item.name, toPay, offer.shippingPrice),
          item: { _id: item._id, name: item.name, description: item.description, price: toPay, shippingPrice: offer.shippingPrice },
        };
      case 'counterBuyer':
        return {
          kind: 'counter',
          context: 'The seller countered at',
          currentPrice: toPay,
          run: (counterPrice) => offerActions.counterBuyer(offer._id, counterPrice),
        };
      default:
        return {
          kind: 'confirm',
          title: 'Delete Offer',
          message: `Delete your offer of ${formatPrice(offer.price)} on ${item.name}?`,
          confirmLabel: 'Delete',
          danger: true,
          run: () => offerActions.remove(offer._id),
        };
    }
  };

  return (
    <li className={styles.sent} {...linkedRow.props}>
      <Link to={itemPath} className={styles.sentImageLink} tabIndex={-1} aria-hidden="true">
        <img className={styles.sentImage} src={item.thumbnail} alt="" width={96} height={96} loading="lazy" decoding="async" />
      </Link>
      <div className={styles.sentBody}>
        <Link to={itemPath} className={styles.itemName}>
          {item.name}
        </Link>
        <p className={styles.meta}>
          {purchased ? <span className={styles.sold}>Sold for {formatPrice(item.priceSold ?? item.price)}</span> : formatPrice(item.price)}
        </p>
        <dl className={styles.terms}>
          <div>
            <dt>{TEXTS.youOffered}</dt>
            <dd className={styles.price}>{formatPrice(offer.price)}</dd>
          </div>
          <div>
            <dt>Shipping</dt>
            <dd>{formatShipping(offer.shippingPrice)}</dd>
          </div>
        </dl>
        <BuyerStatus offer={offer} />
        {actions.length > 0 ? (
          <div className={styles.actions}>
            {actions.map((action) => (
              <Button
                key={action}
                size="sm"
                variant={action === 'pay' ? 'primary' : action === 'remove' ? 'ghost' : 'secondary'}
                onClick={() => onRequest(request(action))}
              >
                {LABELS[action]}
              </Button>
            ))}
          </div>
        ) : null}
      </div>
    </li>
  );
}

function BuyerStatus({ offer }: { offer: SentOffer }) {
  switch (offer.status) {
    case 'pending':
      return <p className={styles.status}>Waiting for the seller</p>;
    case 'countered':
      return (
        <p className={styles.status}>
          The seller countered: <strong>{formatPrice(offer.counterPrice ?? offer.price)}</strong>
        </p>
      );
    case 'accepted':
      return (
        <p className={styles.status}>
          <strong>Accepted</strong>{' '}
          {offer.timeAccepted ? <PaymentCountdown timeAccepted={offer.timeAccepted} className={styles.countdown} /> : null}
        </p>
      );
    case 'expired':
      return <p className={`${styles.status} ${styles.warning}`}>Expired: not paid within 24 hours</p>;
    case 'declined':
      return <p className={`${styles.status} ${styles.warning}`}>Declined by the seller</p>;
    case 'closed':
      return <p className={styles.status}>Closed: the item is no longer for sale</p>;
    case 'paid':
      return <p className={`${styles.status} ${styles.sold}`}>Purchased</p>;
    default:
      return null;
  }
}
