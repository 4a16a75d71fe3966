/**
 * One listing as the API answers it (ItemDetail: prices in dollars, photo variants, the owner-only fields), from
 * either a table row or the item page's statement. Both the item page (read-actions.ts) and the admins' approval
 * queue (moderation-actions.ts) build it, so it lives apart from either; a pure function, no database.
 */
import { centsToDollars, photoVariants, type Comment, type ItemDetail } from '@keeb/shared';
import type { ItemPageRow } from './detail-repo';

const dollars = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

export interface DetailParts {
  /** The owner's view: the payment email and the offer guardrails, which nobody else may see. */
  forOwner: boolean;
  /** The timestamp code beside its photo: the owner's edit form and the admins' approval queue. */
  withTimestamp?: boolean;
  shipping: Array<{ code: string; name: string; priceCents: number }>;
  isFollowing: boolean;
  comments: Comment[];
  seller: ItemDetail['sellerId'];
  /** The buyer has rated the sale (from seller_ratings). */
  isSellerReviewed: boolean;
  /** Issue 28: it changed hands in a completed trade (the item page says so). */
  traded?: boolean;
  /** Issue 29: the seller is away until then (ISO); unset reads as not away (the approval queue). */
  sellerAwayUntil?: string | null;
}

/** The listing's own columns, from a table row (Date) or the item page's statement (ISO text). */
export type ListingFields = Omit<ItemPageRow, 'seller' | 'shipping' | 'comments' | 'savedByViewer' | 'isSellerReviewed' | 'timeListed' | 'viewerCheckout' | 'viewerOffer' | 'reservedForOther' | 'traded'> & { timeListed: Date | string };

/** One item row as the API answers it (prices in dollars, thumbnails derived), with the parts around it. */
export function toDetail(item: ListingFields, parts: DetailParts): ItemDetail {
  return {
    _id: item.id,
    name: item.name,
    description: item.description,
    price: centsToDollars(item.priceCents),
    priceSold: dollars(item.priceSoldCents),
    photos: item.photos,
    thumbnail: item.thumbnail,
    photoChicklets: item.photos.map(photoVariants),
    categoryId: item.categoryId,
    saleTypeId: item.saleTypeId,
    offersAccepted: item.offersAccepted,
    isFixedPrice: item.isFixedPrice,
    ...(parts.forOwner ? { paymentEmail: item.paymentEmail, autoDeclineBelow: dollars(item.autoDeclineBelowCents), autoAcceptAt: dollars(item.autoAcceptAtCents) } : {}),
    shippingPrices: parts.shipping.map((s) => ({ code: s.code, name: s.name, price: centsToDollars(s.priceCents) })),
    // Issue 29: a listing from before specs holds {} (the column's default), which stays valid.
    specs: item.specs,
    sellerAwayUntil: parts.sellerAwayUntil ?? null,
    timestamped: item.approvalStatus === 'approved' && item.timestampPhoto !== null,
    ...(parts.forOwner || parts.withTimestamp
      ? { timestamp: item.timestampCode !== null && item.timestampPhoto !== null ? { code: item.timestampCode, photo: item.timestampPhoto } : null }
      : {}),
    approvalStatus: item.approvalStatus,
    paymentStatus: item.paymentStatus,
    openToTrades: item.openToTrades,
    lookingFor: item.lookingFor,
    tradePending: item.tradePending,
    purchaserId: item.purchaserId,
    isSellerReviewed: parts.isSellerReviewed,
    ...(parts.traded !== undefined ? { traded: parts.traded } : {}),
    isFollowing: parts.isFollowing,
    likes: item.saveCount,
    timeListed: typeof item.timeListed === 'string' ? item.timeListed : item.timeListed.toISOString(),
    comments: parts.comments,
    sellerId: parts.seller,
  };
}
