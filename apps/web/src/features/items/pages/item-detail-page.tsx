import { useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ITEM_ERRORS, SELLER_TOOL_TEXTS, formatPrice, formatShipping, type ItemDetail, type ShippingPrice } from '@keeb/shared';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { TRADED_LINE } from '../../../components/order-status-texts';
import { ForumBadge } from '../../../components/forum-badge';
import { LinkifiedText } from '../../../components/linkified-text';
import { RatingMeter } from '../../../components/rating-meter';
import { SaleTerms } from '../../../components/sale-terms';
import { TimestampedMark } from '../../../components/timestamped-mark';
import { TrustPanel } from '../../../components/trust-panel';
import { isApiError } from '../../../lib/api-error';
import { formatDay, timeAgo } from '../../../lib/format';
import { usePageTitle } from '../../../lib/page-meta';
import { useViewerRegion } from '../../../lib/session';
import { SOCIAL_LINKS, TEAM_EMAIL } from '../../../lib/site';
import { useItem } from '../api/get-item';
import { ItemActions, type MessageSellerModal, type TradeAction } from '../components/item-actions';
import { ItemComments } from '../components/item-comments';
import { ItemGallery } from '../components/item-gallery';
import { ItemSpecs } from '../components/item-specs';
import { OfferToSavers } from '../components/offer-to-savers';
import { PaymentReturn } from '../components/payment-return';
import { SaveToggle } from '../components/save-toggle';
import { TradeTerms } from '../components/trade-terms';
import { TEXTS } from '../messages';
import styles from './item-detail-page.module.css';

/** Spec 2.9 and 9: the shipping list shows at most 6 regions, 2 per row. */
const SHIPPING_SHOWN = 6;

interface ItemDetailPageProps {
  /** The loading and error headings. */
  heading?: string;
  /** The document title while the item is shown; by default its name (spec 2.1). */
  title?: string;
  /**
   * What items named like this one sold for, under the price. app/ fills it with the discovery feature's price
   * history (features do not import one another).
   */
  similarSales?: (name: string) => ReactNode;
  /** Message Seller's 'Send Message' modal (spec 2.9), the chat feature's, filled in by app/. */
  messageSellerModal: MessageSellerModal;
  /** Issue 28's 'Propose a trade', the trades feature's, filled in by app/. */
  tradeAction?: TradeAction;
}

/** /detail/{id} (spec 2.9); also /vendor/product/{id} (vendor-product-page.tsx) with its heading and title. */
export function ItemDetailPage({ heading = 'Item Details', title, similarSales, messageSellerModal, tradeAction }: ItemDetailPageProps) {
  const { id = '' } = useParams();
  const query = useItem(id);
  const removed = isApiError(query.error) && query.error.code === ITEM_ERRORS.notFound;
  usePageTitle(query.data ? (title ?? query.data.item.name) : removed ? TEXTS.itemRemoved : undefined);

  if (query.data) {
    return (
      <ItemView
        item={query.data.item}
        isLoggedIn={query.data.isLoggedIn}
        isUserItem={query.data.isUserItem}
        similarSales={similarSales}
        messageSellerModal={messageSellerModal}
        tradeAction={tradeAction}
      />
    );
  }
  if (removed) {
    return (
      <section className={styles.removed}>
        <h1 className={styles.removedTitle}>{TEXTS.itemRemoved}</h1>
        <p>This item was removed by its seller or is no longer available.</p>
        <Link to="/" className={styles.homeLink}>
          Browse the marketplace
        </Link>
      </section>
    );
  }
  if (query.isError) {
    return (
      <section className={styles.removed}>
        <h1 className={styles.removedTitle}>{heading}</h1>
        <FormBanner tone="error">
          We couldn't load this item.{' '}
          <Button variant="ghost" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </FormBanner>
      </section>
    );
  }
  return (
    <section className={styles.loading} aria-busy="true">
      <h1 className="visually-hidden">{heading}</h1>
      <div className={styles.skeletonPhoto} />
      <div className={styles.skeletonInfo}>
        <div className={styles.skeletonLine} />
        <div className={styles.skeletonLineShort} />
      </div>
    </section>
  );
}

function ApprovalBanner({ item, isUserItem }: { item: ItemDetail; isUserItem: boolean }) {
  if (item.approvalStatus === 'approved') return null;
  if (!isUserItem) {
    return <FormBanner tone="info">{item.approvalStatus === 'pending' ? TEXTS.notApprovedViewer : TEXTS.rejectedViewer}</FormBanner>;
  }
  if (item.approvalStatus === 'pending') return <FormBanner tone="info">{TEXTS.pendingApproval}</FormBanner>;
  return <FormBanner tone="warning">{TEXTS.rejected}</FormBanner>;
}

interface ItemViewProps extends Pick<ItemDetailPageProps, 'similarSales' | 'messageSellerModal' | 'tradeAction'> {
  item: ItemDetail;
  isLoggedIn: boolean;
  isUserItem: boolean;
}

/** Issue 29: the seller is away; buyers read when they are back, the seller that the listing is hidden meanwhile. */
function AwayBanner({ item, isUserItem }: { item: ItemDetail; isUserItem: boolean }) {
  if (item.sellerAwayUntil === null) return null;
  const day = formatDay(item.sellerAwayUntil);
  return (
    <FormBanner tone="info">
      {isUserItem ? SELLER_TOOL_TEXTS.awayOwnBanner(day) : SELLER_TOOL_TEXTS.awayBanner(item.sellerId.username, day)}
    </FormBanner>
  );
}

function ItemView({ item, isLoggedIn, isUserItem, similarSales, messageSellerModal, tradeAction }: ItemViewProps) {
  const sold = item.purchaserId !== null;
  const seller = item.sellerId;
  const sellerPath = `/u/${encodeURIComponent(seller.username)}`;
  const [params, setParams] = useSearchParams();
  // Back from the provider (spec 4, "Payment status"). Decided once: the sale this flow makes must not close it.
  const [paymentOrder, setPaymentOrder] = useState(() => {
    const token = params.get('token');
    return token && params.get('PayerID') && isLoggedIn && !sold ? token : null;
  });
  const leavePaymentReturn = () => {
    setPaymentOrder(null);
    setParams({}, { replace: true });
  };

  return (
    <article className={styles.page}>
      <ApprovalBanner item={item} isUserItem={isUserItem} />
      <div className={styles.layout}>
        <ItemGallery photos={item.photos} name={item.name} />

        <div className={styles.info}>
          <p className={styles.listed}>
            Listed <time dateTime={item.timeListed}>{timeAgo(item.timeListed)}</time>
          </p>
          <h1 className={styles.name}>{item.name}</h1>
          {item.traded ? (
            // Gone in a completed trade (issue 28): there is no sold price to show.
            <p className={styles.price}>
              <span className={styles.soldTag}>Traded</span> {TRADED_LINE}
            </p>
          ) : sold ? (
            <p className={styles.price}>
              <span className={styles.soldTag}>Sold</span> Sold for {formatPrice(item.priceSold ?? item.price)}
            </p>
          ) : (
            <p className={styles.price}>{formatPrice(item.price)}</p>
          )}
          <SaleTerms item={item} sold={sold} className={styles.terms} size="md" />
          {item.timestamped ? <TimestampedMark /> : null}
          <TradeTerms item={item} />
          {similarSales?.(item.name)}

          <AwayBanner item={item} isUserItem={isUserItem} />
          <ItemActions item={item} isLoggedIn={isLoggedIn} isUserItem={isUserItem} messageSellerModal={messageSellerModal} tradeAction={tradeAction} />
          {isUserItem && item.saverOffer ? <OfferToSavers item={item} state={item.saverOffer} /> : null}
          <SaveToggle itemId={item._id} saved={item.isFollowing} count={item.likes} isLoggedIn={isLoggedIn} />

          <section className={styles.card} aria-labelledby="seller-title">
            <h2 id="seller-title" className="visually-hidden">
              Seller
            </h2>
            <div className={styles.seller}>
              <Avatar src={seller.avatar} username={seller.username} size="lg" />
              <div className={styles.sellerText}>
                <p className={styles.sellerName}>
                  <Link to={sellerPath}>{seller.username}</Link>
                  {seller.reddit.isLinked ? <ForumBadge /> : null}
                </p>
                <p className={styles.sellerMeta}>
                  {seller.transactions} {seller.transactions === 1 ? 'sale' : 'sales'}
                  {seller.shippingRegion ? ` · Ships from ${seller.shippingRegion.name}` : ''}
                </p>
                <Link to={`${sellerPath}/rating`} className={styles.ratingLink}>
                  {seller.rating ? <RatingMeter overall={seller.rating.overall} count={seller.rating.count} /> : null}{' '}
                  <span>Seller feedback</span>
                </Link>
              </div>
            </div>
            {seller.trust ? <TrustPanel trust={seller.trust} className={styles.trust} /> : null}
          </section>

          <ShippingList shippingPrices={item.shippingPrices} />
          <ShareLinks item={item} />
        </div>
      </div>

      <ItemSpecs item={item} />

      <section className={styles.description} aria-labelledby="description-title">
        <h2 id="description-title" className={styles.sectionTitle}>
          Description
        </h2>
        <p className={styles.descriptionText}>
          <LinkifiedText text={item.description} />
        </p>
      </section>

      <ItemComments itemId={item._id} comments={item.comments} sold={sold} isLoggedIn={isLoggedIn} />
      {paymentOrder ? <PaymentReturn item={item} orderId={paymentOrder} onCancel={leavePaymentReturn} /> : null}
    </article>
  );
}

function ShippingList({ shippingPrices }: { shippingPrices: readonly ShippingPrice[] }) {
  const region = useViewerRegion();
  const viewerCode = region.data?.code;
  // The viewer's own region first, so it is never the one cut off.
  const ordered = [...shippingPrices].sort((a, b) => Number(b.code === viewerCode) - Number(a.code === viewerCode));
  return (
    <section className={styles.card} aria-labelledby="shipping-title">
      <h2 id="shipping-title" className={styles.cardTitle}>
        Shipping
      </h2>
      <ul className={styles.shipping}>
        {ordered.slice(0, SHIPPING_SHOWN).map((shipping) => (
          <li key={shipping.code} className={styles.shippingRow}>
            <span>{shipping.name}</span>
            <span className={styles.shippingPrice}>{formatShipping(shipping.price)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ShareLinks({ item }: { item: ItemDetail }) {
  const url = `${window.location.origin}/detail/${encodeURIComponent(item._id)}`;
  const microblog = `https://x.com/intent/post?${new URLSearchParams({ text: item.name, url }).toString()}`;
  const community = `${SOCIAL_LINKS.reddit}/submit?${new URLSearchParams({ url, title: item.name }).toString()}`;
  const report = `mailto:${TEAM_EMAIL}?${new URLSearchParams({
    subject: `Report Item: ${item.name}`,
    body: `Item: ${url}\n\nWhat is wrong with this listing?\n`,
  })
    .toString()
    .replace(/\+/g, '%20')}`;
  return (
    <div className={styles.share}>
      <span className={styles.shareLabel}>Share</span>
      <a href={microblog} target="_blank" rel="noopener noreferrer" aria-label="Share on X">
        X
      </a>
      <a href={community} target="_blank" rel="noopener noreferrer" aria-label="Share on Reddit">
        Reddit
      </a>
      <a href={report} className={styles.report}>
        Report Item
      </a>
    </div>
  );
}
