import { memo, type SyntheticEvent } from 'react';
import { Link } from 'react-router-dom';
import { formatPrice, photoVariants, SELLER_TOOL_TEXTS, type ItemSummary } from '@keeb/shared';
import { Avatar } from './avatar';
import { LATE_TEXT, ORDER_STATUS_TEXTS, TRADED_LINE } from './order-status-texts';
import { SaleTerms } from './sale-terms';
import { TimestampedMark } from './timestamped-mark';
import { CardTradeMark } from './trade-marks';
import styles from './item-card.module.css';

export type ItemCardView = 'grid' | 'compact';

/** The owner's Listed tab (/me) marks listings that are not on sale yet, or were not approved (spec 4). */
const APPROVAL_MARKERS = { pending: 'Awaiting approval', rejected: 'Not approved' } as const;

interface ItemCardProps {
  item: ItemSummary;
  view?: ItemCardView;
  /** The heart's action; without it the card shows no heart. Must be a stable function (the card is memoised). */
  onToggleSave?: (item: ItemSummary) => void;
  /** How the photo loads: 'lazy' (default) when near the viewport, 'eager' at once, 'high' at once and first. */
  photoPriority?: 'high' | 'eager' | 'lazy';
}

/**
 * Spec 9's thumbnail rule: the @2x variant in the grid (the item's own thumbnail is that variant) and the @4x
 * one in the compact view. Each falls back to the original photo when a variant is missing (photos stored
 * before variants existed, demo data).
 */
function thumbnailOf(item: ItemSummary, view: ItemCardView): { src: string; fallback: string } {
  const original = item.photos[0] ?? item.thumbnail;
  return view === 'compact'
    ? { src: photoVariants(original).detail, fallback: original }
    : { src: item.thumbnail, fallback: original };
}

function fallBackTo(original: string) {
  return (event: SyntheticEvent<HTMLImageElement>) => {
    const image = event.currentTarget;
    if (image.getAttribute('src') !== original) image.src = original;
  };
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth={2} strokeLinejoin="round">
      <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.6 4.5 7 4.5c2 0 3.5 1.1 5 3 1.5-1.9 3-3 5-3 3.4 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z" />
    </svg>
  );
}

/**
 * One item of a list: the detail link (photo, name, price), the heart, then the seller link, in that focus
 * order. The heart sits outside the detail link (a button inside a link is invalid and unusable by keyboard)
 * and is laid over the photo by CSS.
 */
export const ItemCard = memo(function ItemCard({ item, view = 'grid', onToggleSave, photoPriority = 'lazy' }: ItemCardProps) {
  // A listing gone in a trade (issue 28) has no sold price: its tag reads 'Traded' and its line TRADED_LINE where
  // a sale reads 'Sold for {price}' (issue 36: 'TRADED Traded' said it twice).
  const traded = item.traded === true;
  const sold = item.priceSold !== null || traded;
  const seller = item.sellerId;
  const saved = item.isFollowing === true;
  const thumbnail = thumbnailOf(item, view);
  const compact = view === 'compact';
  // On the Sold and Purchased tabs a card with an order leads to the order (which links to the listing in turn).
  const href = item.order ? `/me/orders/${encodeURIComponent(item.order._id)}` : `/detail/${encodeURIComponent(item._id)}`;
  return (
    <article className={`${styles.card} ${compact ? styles.compact : ''}`}>
      <Link to={href} className={styles.link}>
        <div className={styles.media}>
          <img
            key={thumbnail.src}
            className={styles.image}
            src={thumbnail.src}
            alt={item.name}
            width={compact ? 112 : 400}
            height={compact ? 112 : 300}
            loading={photoPriority === 'lazy' ? 'lazy' : 'eager'}
            fetchPriority={photoPriority === 'high' ? 'high' : undefined}
            decoding="async"
            onError={fallBackTo(thumbnail.fallback)}
          />
          {sold ? <span className={styles.soldTag}>{traded ? 'Traded' : 'Sold'}</span> : null}
        </div>
        <div className={styles.body}>
          <h2 className={styles.name}>{item.name}</h2>
          {/* Spec part 1 section 4, "Sale": a sold item reads 'Sold for {price}' (the /me Sold and Purchased tabs). */}
          <p className={styles.price}>{traded ? TRADED_LINE : sold ? `Sold for ${formatPrice(item.priceSold ?? item.price)}` : formatPrice(item.price)}</p>
          {/* Issue 29: only the Saved tab's cards carry a drop since they were saved. */}
          {item.priceDrop && !sold ? (
            <p className={styles.priceDrop}>{SELLER_TOOL_TEXTS.priceDropped(formatPrice(item.priceDrop.from), formatPrice(item.price))}</p>
          ) : null}
          {item.order ? (
            <p className={`${styles.approval} ${item.order.late || item.order.status === 'problem' ? styles.rejected : ''}`} data-testid="order-status">
              {ORDER_STATUS_TEXTS[item.order.status]}
              {item.order.late ? ` · ${LATE_TEXT}` : ''}
            </p>
          ) : (
            <SaleTerms item={item} sold={sold} className={styles.terms} size="sm" />
          )}
          {item.timestamped ? <TimestampedMark /> : null}
          {sold ? null : <CardTradeMark openToTrades={item.openToTrades} tradePending={item.tradePending} />}
          {item.approvalStatus && item.approvalStatus !== 'approved' ? (
            <p className={`${styles.approval} ${item.approvalStatus === 'rejected' ? styles.rejected : ''}`}>
              {APPROVAL_MARKERS[item.approvalStatus]}
            </p>
          ) : null}
        </div>
      </Link>
      {onToggleSave ? (
        <button
          type="button"
          className={`${styles.heart} ${saved ? styles.heartOn : ''}`}
          aria-pressed={saved}
          // The count shown on the heart is part of its name (WCAG 2.5.3, label in name).
          aria-label={`${saved ? 'Unsave' : 'Save'} ${item.name}, ${item.likes} ${item.likes === 1 ? 'save' : 'saves'}`}
          onClick={() => onToggleSave(item)}
        >
          <HeartIcon filled={saved} />
          <span className={styles.likes} aria-hidden="true">
            {item.likes}
          </span>
        </button>
      ) : null}
      <Link to={`/u/${encodeURIComponent(seller.username)}`} className={styles.seller}>
        <Avatar src={seller.avatar} username={seller.username} size="sm" />
        <span className={styles.sellerName}>{seller.username}</span>
      </Link>
    </article>
  );
});
