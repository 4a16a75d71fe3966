import { sql, type InferColumnsDataTypes } from 'drizzle-orm';
import { centsToDollars, type ItemSummary } from '@keeb/shared';
import { items } from './schema/index';

/**
 * A listing card's own columns (ItemSummary without its seller and the viewer's marks): every list of cards
 * selects these, the feed and its kin (discovery) as a want's matches (wants), and builds the card with
 * toListingCard, so a card reads the same wherever it is listed.
 */
export const listingCardColumns = {
  id: items.id,
  name: items.name,
  priceCents: items.priceCents,
  priceSoldCents: items.priceSoldCents,
  thumbnail: items.thumbnail,
  photos: items.photos,
  categoryId: items.categoryId,
  saleTypeId: items.saleTypeId,
  offersAccepted: items.offersAccepted,
  isFixedPrice: items.isFixedPrice,
  timeListed: items.timeListed,
  saveCount: items.saveCount,
  /** The 'Timestamped' mark (issue 26): only an approved listing's timestamp photo counts, an admin having seen it. */
  timestamped: sql<boolean>`(${items.approvalStatus} = 'approved' and ${items.timestampPhoto} is not null)`.as('timestamped'),
  /** Issue 28: the 'Open to trades' badge, and 'Trade pending' while an accepted trade holds the item (not yet traded). */
  openToTrades: items.openToTrades,
  tradePending: sql<boolean>`(${items.tradeId} is not null and ${items.tradedAt} is null)`.as('trade_pending'),
  /** Gone in a completed trade: 'Traded' where a sale reads 'Sold for {price}' (a trade has no price). */
  traded: sql<boolean>`(${items.tradedAt} is not null)`.as('traded'),
};

/** A card's row, the listing time as ISO text. */
export type ListingCardRow = Omit<InferColumnsDataTypes<Omit<typeof listingCardColumns, 'timestamped' | 'tradePending' | 'traded'>>, 'timeListed'> & {
  timeListed: string;
  timestamped: boolean;
  tradePending: boolean;
  traded: boolean;
};

/** The card of a row and its seller; the caller adds what depends on the viewer (saved, approval). */
export function toListingCard(r: ListingCardRow, seller: ItemSummary['sellerId']): ItemSummary {
  return {
    _id: r.id,
    name: r.name,
    price: centsToDollars(r.priceCents),
    priceSold: r.priceSoldCents === null ? null : centsToDollars(r.priceSoldCents),
    thumbnail: r.thumbnail,
    photos: r.photos,
    categoryId: r.categoryId,
    saleTypeId: r.saleTypeId,
    offersAccepted: r.offersAccepted,
    isFixedPrice: r.isFixedPrice,
    timeListed: r.timeListed,
    likes: r.saveCount,
    sellerId: seller,
    // Only when true, so a card without the mark reads as it did before the mark existed.
    ...(r.timestamped ? { timestamped: true } : {}),
    openToTrades: r.openToTrades,
    tradePending: r.tradePending,
    // Only when true, as `timestamped`.
    ...(r.traded ? { traded: true } : {}),
  };
}
