/**
 * Listings read: the item page's answer for a viewer (one statement in detail-repo.ts, the seller's trust figures
 * through a short-lived cache, the viewer's checkout and offer, the owner's offer-to-savers status), the owner's
 * copies for the edit and duplicate forms, and who listed an item for the route table's owner check. The trust
 * cache is the only state, and only the item page reads it.
 */
import { centsToDollars, ITEM_ERRORS, type Comment, type ItemDetailResponse } from '@keeb/shared';
import { trustOf } from '../../db/trust';
import { AppError } from '../../platform/errors';
import { itemPage } from './detail-repo';
import { toDetail } from './item-detail';
import * as repo from './repo';
import { ownedItem, type ItemsDeps } from './service-shared';
import { createTrustCache } from './trust-cache';

export function createReadActions(deps: Pick<ItemsDeps, 'db' | 'config' | 'saverOfferStatus'>) {
  const { db, config } = deps;
  const trustCache = createTrustCache(config.trustCacheMs);

  /** The owner's item page, once ownedItem has vouched for it (a removal in between answers not_found). */
  async function ownedDetail(userId: string, itemId: string): Promise<ItemDetailResponse> {
    const page = await detailOf(itemId, userId);
    if (!page) throw new AppError(404, ITEM_ERRORS.notFound);
    return page;
  }

  /** The item page's answer for this viewer, from one statement (detail-repo.ts); undefined when there is no item. */
  async function detailOf(itemId: string, viewerId: string | undefined): Promise<ItemDetailResponse | undefined> {
    const page = await itemPage(db, itemId, viewerId);
    if (!page) return undefined;
    const { seller } = page;
    // A removed seller's page says 'User Not Found': no figures about them either.
    const trust = seller.removed ? undefined : await trustCache.get(page.sellerId, () => trustOf(db, page.sellerId));
    const item = toDetail(page, {
      forOwner: viewerId === page.sellerId,
      shipping: page.shipping,
      isFollowing: page.savedByViewer,
      isSellerReviewed: page.isSellerReviewed,
      traded: page.traded,
      sellerAwayUntil: seller.awayUntil,
      comments: page.comments.map(
        (c): Comment => ({
          _id: c.id,
          body: c.body,
          timeCreated: c.createdAt,
          // A removed author shows as 'User Not Found' on the page.
          userId: c.removed ? null : { _id: c.userId, username: c.username, avatar: c.avatar, reddit: { isLinked: c.forumLinked } },
        }),
      ),
      seller: {
        _id: page.sellerId,
        username: seller.removed ? 'User Not Found' : seller.username,
        avatar: seller.removed ? null : seller.avatar,
        reddit: { isLinked: seller.forumLinked, transactions: { count: seller.forumTrades } },
        shippingRegion: seller.regionCode ? { code: seller.regionCode, name: seller.regionName ?? seller.regionCode } : null,
        transactions: seller.sales + seller.forumTrades,
        rating: seller.rating,
        ...(trust ? { trust } : {}),
      },
    });
    // What this viewer can do about paying (issue 25): their own checkout or offer; for others only that it is reserved.
    item.checkout = page.viewerCheckout && { price: centsToDollars(page.viewerCheckout.itemCents), shippingPrice: centsToDollars(page.viewerCheckout.shippingCents) };
    const offer = page.viewerOffer;
    item.viewerOffer = offer && {
      _id: offer.id,
      status: offer.status,
      price: centsToDollars(offer.priceCents),
      shippingPrice: centsToDollars(offer.shippingCents),
      timeAccepted: offer.timeAccepted,
    };
    item.reserved = page.reservedForOther;
    if (viewerId === page.sellerId && deps.saverOfferStatus) item.saverOffer = await deps.saverOfferStatus(itemId);
    return { item, isLoggedIn: Boolean(viewerId), isUserItem: viewerId === page.sellerId };
  }

  return {
    async detail(itemId: string, viewerId: string | undefined): Promise<ItemDetailResponse> {
      const page = await detailOf(itemId, viewerId);
      if (!page) throw new AppError(404, ITEM_ERRORS.notFound);
      return page;
    },

    /** Who listed an item that is not removed (the route table's owner check). */
    async sellerOf(itemId: string): Promise<string | undefined> {
      return (await repo.findItem(db, itemId))?.sellerId;
    },

    /** The owner's copy for the edit form; a sold item cannot be edited. */
    async forEdit(userId: string, itemId: string): Promise<ItemDetailResponse> {
      const item = await ownedItem(db, userId, itemId);
      if (item.purchaserId) throw new AppError(409, ITEM_ERRORS.itemSold);
      return ownedDetail(userId, itemId);
    },

    /** The owner's copy to start a similar listing from (sold ones included). */
    async forDuplicate(userId: string, itemId: string): Promise<ItemDetailResponse> {
      await ownedItem(db, userId, itemId);
      return ownedDetail(userId, itemId);
    },
  };
}
