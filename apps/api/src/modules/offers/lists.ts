/**
 * Reading offers: the buyer's Sent tab (`sent`), the seller's Received tab by item (`received`), who an offer's
 * seller and buyer are (the route table's owner check) and the offers that keep an item from being removed
 * (`blockingCount`). Reads only, apart from the transitions; built by `listActions` from the deps, no state.
 */
import { centsToDollars, effectiveStatus, type OfferItem, type ReceivedItemGroup, type ReceivedOffersQuery, type SentOffer } from '@keeb/shared';
import type { Tx } from '../../db/client';
import * as repo from './repo';
import { iso, type OffersDeps } from './steps';

const dollars = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

type ListRow = Awaited<ReturnType<typeof repo.sentOffers>>[number];
type ItemFields = Pick<ListRow, 'itemId' | 'itemName' | 'itemDescription' | 'itemPriceCents' | 'itemThumbnail' | 'itemPurchaserId' | 'itemPriceSoldCents'>;
type OfferRowFields = Pick<ListRow, 'id' | 'priceCents' | 'counterPriceCents' | 'shippingCents' | 'status' | 'timeAccepted'>;

/** The item an offer is about, as both lists answer it. */
const toOfferItem = (r: ItemFields): OfferItem => ({
  _id: r.itemId,
  name: r.itemName,
  description: r.itemDescription,
  price: centsToDollars(r.itemPriceCents),
  thumbnail: r.itemThumbnail,
  purchaserId: r.itemPurchaserId,
  priceSold: dollars(r.itemPriceSoldCents),
});

/** The offer's own fields as both lists answer them, its status as of `now` (an overdue window reads expired). */
const toOfferFields = (r: OfferRowFields, now: number) => ({
  _id: r.id,
  price: centsToDollars(r.priceCents),
  counterPrice: dollars(r.counterPriceCents),
  shippingPrice: centsToDollars(r.shippingCents),
  status: effectiveStatus(r.status, r.timeAccepted, now),
  timeAccepted: iso(r.timeAccepted),
});

export function listActions(deps: OffersDeps) {
  const { db } = deps;

  return {
    async sent(buyerId: string): Promise<SentOffer[]> {
      const [rows] = await Promise.all([repo.sentOffers(db, buyerId), repo.markOffersSeen(db, buyerId)]);
      const now = Date.now();
      return rows.map((r) => ({ ...toOfferFields(r, now), itemId: toOfferItem(r) }));
    },

    /** One page of the seller's items with their offers (RECEIVED_PAGE_SIZE items), after the cursor if given. */
    async received(sellerId: string, query: ReceivedOffersQuery = {}): Promise<ReceivedItemGroup[]> {
      const after = query.ts && query.cursorId ? { ts: new Date(query.ts).toISOString(), id: query.cursorId } : undefined;
      const now = Date.now();
      return (await repo.receivedPage(db, sellerId, after)).map((group) => {
        const groupOffers = group.offers.map((o) => ({
          ...toOfferFields(o, now),
          offererId: { _id: o.buyerId, username: o.buyerRemoved ? 'User Not Found' : o.buyerName, shippingRegion: { code: o.regionCode, name: o.regionName } },
        }));
        return {
          ...toOfferItem(group),
          offers: groupOffers,
          containsAcceptedOffer: groupOffers.some((o) => o.status === 'accepted' || o.status === 'paid'),
          lastActivityAt: group.lastAt,
        };
      });
    },


    /** Who may act on an offer as seller or buyer (the route table's owner check). */
    sellerOf: async (offerId: string) => (await repo.findOffer(db, offerId))?.sellerId,
    buyerOf: async (offerId: string) => (await repo.findOffer(db, offerId))?.buyerId,

    /** Offers that forbid removing the item ('Cannot Remove'), read inside the removal's transaction. */
    blockingCount: (tx: Tx, itemId: string) => repo.blockingCount(tx, itemId),
  };
}
