import { randomUUID } from 'node:crypto';
import {
  centsToDollars,
  dollarsToCents,
  formatPrice,
  guardrailProblem,
  ITEM_ERRORS,
  ITEM_PAGE_SIZE,
  KARMA,
  PAYMENT_ERRORS,
  PHOTO_LINK_HOSTS,
  photoVariants,
  TOO_MANY_REQUESTS,
  TRADE_ERRORS,
  type Comment,
  type ItemDetail,
  type ItemDetailResponse,
  type ValidItemInput,
} from '@keeb/shared';
import type { Config } from '../../config';
import type { Database, Tx } from '../../db/client';
import { checkViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { queueMail } from '../../adapters/mail/mail-queue';
import { consume, type RateLimits } from '../../platform/rate-limit';
import { followedSellerListedMail, itemCommentMail, listingRejectedMail, savedItemRemovedMail, savedItemUpdatedMail } from './mail-templates';
import { itemPage, type ItemPageRow } from './detail-repo';
import { recordPriceChange } from './price-drop';
import * as repo from './repo';
import { requireIssuedTo, todaysCode } from './timestamp-codes';
import type { OffersService } from '../offers/service';
import type { TradesService } from '../trades/service';
import { trustOf } from '../../db/trust';
import { createTrustCache } from './trust-cache';
import { specColumns } from './spec-columns';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Karma a seller earns when a listing is approved (once per listing; see docs/decisions/0047-karma.md). */
export const LISTING_KARMA = KARMA.listing;
const COMMENTS_PER_DAY = 20;
/** Followers mailed per 'seller-listed' job: one short transaction each, whatever the seller's following. */
export const FOLLOWER_MAIL_PAGE = 200;
/** Create calls per seller per 10 minutes: room for a busy seller's retries, none for a script hammering the limit. */
const CREATE_CALLS_PER_10_MINUTES = 20;

export interface ItemsDeps {
  db: Database;
  config: Config;
  /** Mail is queued here, inside the transaction of the action it reports. */
  jobs: JobQueue;
  limits: RateLimits;
  /** Whether the user may list (confirmed email), from the accounts module. */
  emailConfirmed(userId: string): Promise<boolean>;
  /** The phone rule for listing (PHONE_VERIFICATION=listing|both), from the accounts module. */
  phoneVerified(userId: string): Promise<boolean>;
  /** Awards karma once per subject, from the accounts module. */
  awardKarma(userId: string, amount: number, subjectId: string): Promise<void>;
  /** The offers module: what blocks a removal, closing the offers of a removed item, and a raised guardrail floor. */
  offers: Pick<OffersService, 'blockingCount' | 'settle' | 'countsMoved' | 'declineBelowFloor'>;
  /** Removing a listing closes its pending trades (issue 28). */
  trades: Pick<TradesService, 'closeTradesForItems' | 'closeForTakedown'>;
  /** Issue 29: the owner's offer-to-savers status on their item page (the saver-offers module); left out, none. */
  saverOfferStatus?: (itemId: string) => Promise<NonNullable<ItemDetail['saverOffer']>>;
}

const dollars = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

/** Photo URLs a listing may hold: our own uploads of this seller, or https links to the two photo hosts. */
function acceptablePhoto(url: string, sellerId: string): boolean {
  if (url.startsWith(`/uploads/items/${sellerId}/`) && /^\/uploads\/items\/[\w-]+\/[\w-]+\.jpg$/.test(url)) return true;
  const match = /^https:\/\/([^/]+)\/[^?#]+\.(jpe?g|png)$/i.exec(url);
  return Boolean(match && (PHOTO_LINK_HOSTS as readonly string[]).includes(match[1]!.toLowerCase()));
}

interface DetailParts {
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
type ListingFields = Omit<ItemPageRow, 'seller' | 'shipping' | 'comments' | 'savedByViewer' | 'isSellerReviewed' | 'timeListed' | 'viewerCheckout' | 'viewerOffer' | 'reservedForOther' | 'traded'> & { timeListed: Date | string };

/** One item row as the API answers it (prices in dollars, thumbnails derived), with the parts around it. */
function toDetail(item: ListingFields, parts: DetailParts): ItemDetail {
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

/** The columns a seller's form sets, the same on create and on edit; the thumbnail follows the first photo. */
function listingColumns(input: ValidItemInput) {
  return {
    categoryId: input.categoryId,
    name: input.name,
    description: input.description,
    priceCents: dollarsToCents(input.price),
    paymentEmail: input.payment,
    offersAccepted: input.offersAccepted,
    isFixedPrice: input.isFixedPrice,
    photos: input.photos,
    thumbnail: photoVariants(input.photos[0]!).list,
  };
}

type TradeTerms = { openToTrades: boolean; lookingFor: string };

/**
 * Issue 28: open to trades and what the seller looks for, as the form sent them, or the stored ones it left out (an
 * edit only); a listing closed to trades looks for nothing (the schema already empties it when the form closes it).
 */
function tradeColumns(input: ValidItemInput, stored: TradeTerms = { openToTrades: false, lookingFor: '' }): TradeTerms {
  const openToTrades = input.openToTrades ?? stored.openToTrades;
  return { openToTrades, lookingFor: openToTrades ? (input.lookingFor ?? stored.lookingFor) : '' };
}

type StoredTimestamp = { timestampCode: string | null; timestampPhoto: string | null };

/**
 * The timestamp columns of a save: the form's, or (an edit that left them out) the stored ones while their photo
 * is still one of the listing's: a seller who deletes the marked photo loses the mark rather than keep a claim
 * no photo shows.
 */
function timestampColumns(input: ValidItemInput, stored: StoredTimestamp = { timestampCode: null, timestampPhoto: null }): StoredTimestamp {
  if (input.timestamp === undefined) {
    const kept = stored.timestampPhoto !== null && input.photos.includes(stored.timestampPhoto);
    return kept ? { timestampCode: stored.timestampCode, timestampPhoto: stored.timestampPhoto } : { timestampCode: null, timestampPhoto: null };
  }
  return { timestampCode: input.timestamp?.code ?? null, timestampPhoto: input.timestamp?.photo ?? null };
}

type Guardrails = { autoDeclineBelowCents: number | null; autoAcceptAtCents: number | null };
const cents = (value: number | null) => (value === null ? null : dollarsToCents(value));

/** The guardrail columns of a save: the form's values, or the stored ones the form left out (an edit only). */
function guardrailColumns(input: ValidItemInput, stored: Guardrails = { autoDeclineBelowCents: null, autoAcceptAtCents: null }): Guardrails {
  return {
    autoDeclineBelowCents: input.autoDeclineBelow === undefined ? stored.autoDeclineBelowCents : cents(input.autoDeclineBelow),
    autoAcceptAtCents: input.autoAcceptAt === undefined ? stored.autoAcceptAtCents : cents(input.autoAcceptAt),
  };
}

/** The items_auto_* checks, as the form's rules answer them: a save that slipped past the rules is a 400, not a 500. */
const GUARDRAIL_CHECKS: Record<string, [code: string, field: string]> = {
  items_auto_decline_positive: [ITEM_ERRORS.price, 'autoDeclineBelow'],
  items_auto_accept_positive: [ITEM_ERRORS.price, 'autoAcceptAt'],
  items_auto_order: [ITEM_ERRORS.autoOrder, 'autoDeclineBelow'],
  items_auto_below_price: [ITEM_ERRORS.autoAbovePrice, 'autoAcceptAt'],
};

function guardrailRefusal(error: unknown): never {
  const refused = GUARDRAIL_CHECKS[checkViolation(error) ?? ''];
  if (refused) throw new AppError(400, refused[0], { field: refused[1] });
  throw error;
}

export function createItemsService(deps: ItemsDeps) {
  const { db, config, jobs } = deps;
  const createLimit = deps.limits.create({ name: 'item-create', points: CREATE_CALLS_PER_10_MINUTES, durationSeconds: 600 });
  const commentLimit = deps.limits.create({ name: 'item-comments', points: COMMENTS_PER_DAY, durationSeconds: DAY_MS / 1000, blockSeconds: DAY_MS / 1000 });
  const itemUrl = (id: string) => `${config.appUrl}/detail/${id}`;
  const trustCache = createTrustCache(config.trustCacheMs);

  /** 429 too_many_posts with the seconds until the oldest listing counted leaves the 24-hour window. */
  function refuseOverLimit(recent: Array<{ createdAt: Date }>) {
    if (recent.length < config.listingsPerDay) return;
    const oldestCounted = recent[recent.length - config.listingsPerDay]!.createdAt.getTime();
    const timeLeft = Math.max(1, Math.ceil((oldestCounted + DAY_MS - Date.now()) / 1000));
    throw new AppError(429, ITEM_ERRORS.tooManyPosts, { timeLeft });
  }

  async function ownedItem(userId: string, itemId: string) {
    const item = await repo.findItem(db, itemId);
    if (!item) throw new AppError(404, ITEM_ERRORS.notFound);
    if (item.sellerId !== userId) throw new AppError(403, ITEM_ERRORS.forbidden);
    return item;
  }

  /** The owner's item page, once ownedItem has vouched for it (a removal in between answers not_found). */
  async function ownedDetail(userId: string, itemId: string): Promise<ItemDetailResponse> {
    const page = await detailOf(itemId, userId);
    if (!page) throw new AppError(404, ITEM_ERRORS.notFound);
    return page;
  }

  async function validateRefs(userId: string, input: ValidItemInput, withShipping: boolean) {
    if (!(await repo.categoryExists(db, input.categoryId))) throw new AppError(400, ITEM_ERRORS.fieldRequired, { field: 'categoryId' });
    if (input.photos.some((url) => !acceptablePhoto(url, userId))) throw new AppError(400, ITEM_ERRORS.photoLink, { field: 'photos' });
    if (withShipping) {
      const known = await repo.existingRegionCodes(db);
      const codes = input.shippingPrices.map((s) => s.code);
      if (codes.some((c) => !known.has(c)) || new Set(codes).size !== codes.length) {
        throw new AppError(400, ITEM_ERRORS.shippingRequired, { field: 'shippingPrices' });
      }
    }
    if (input.saleTypeId && input.saleTypeId !== 'individual' && input.saleTypeId !== 'vendor') {
      throw new AppError(400, ITEM_ERRORS.fieldRequired, { field: 'saleTypeId' });
    }
    if (input.timestamp) await requireIssuedTo(db, userId, input.timestamp.code);
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

  /** Queues one mail per saver who wants it, in the transaction of the change (one key per change and saver). */
  async function notifySavers(tx: Tx, itemId: string, itemName: string, kind: 'updatedSavedItem' | 'removedSavedItem') {
    const change = randomUUID();
    for (const s of await repo.saversToNotify(tx, itemId, kind)) {
      const mail = kind === 'updatedSavedItem' ? savedItemUpdatedMail(s.email, s.username, itemName, itemUrl(itemId)) : savedItemRemovedMail(s.email, s.username, itemName);
      await queueMail(jobs, tx, `${kind}:${change}:${s.email}`, mail);
    }
  }

  return {
    async create(userId: string, input: ValidItemInput): Promise<{ _id: string }> {
      if ((await consume(createLimit, userId)) > 0) throw new AppError(429, TOO_MANY_REQUESTS, { code: TOO_MANY_REQUESTS });
      if (!(await deps.emailConfirmed(userId))) throw new AppError(403, ITEM_ERRORS.confirmEmail);
      const phoneRule = config.phoneVerification === 'listing' || config.phoneVerification === 'both';
      if (phoneRule && !(await deps.phoneVerified(userId))) throw new AppError(403, ITEM_ERRORS.smsVerificationInvalid);
      await validateRefs(userId, input, true);
      // A seller at the limit is refused by a plain read, before any transaction or lock: retries must not hold
      // the embedded database's one connection (or a seller row lock) while everyone else waits.
      refuseOverLimit(await repo.listingTimesSince(db, userId, new Date(Date.now() - DAY_MS)));
      const id = await db.transaction(async (tx) => {
        // One listing at a time per seller, so two parallel requests cannot both slip under the limit.
        await repo.lockSeller(tx, userId);
        refuseOverLimit(await repo.listingTimesSince(tx, userId, new Date(Date.now() - DAY_MS)));
        const itemId = await repo.insertItem(tx, {
          ...listingColumns(input),
          ...guardrailColumns(input),
          ...timestampColumns(input),
          ...tradeColumns(input),
          ...specColumns(input),
          sellerId: userId,
          saleTypeId: input.saleTypeId ?? 'individual',
          approvalStatus: 'pending',
        });
        await repo.insertShipping(tx, itemId, input.shippingPrices.map((s) => ({ code: s.code, priceCents: dollarsToCents(s.price) })));
        return itemId;
      }).catch(guardrailRefusal);
      return { _id: id };
    },

    async update(userId: string, itemId: string, input: ValidItemInput): Promise<{ _id: string }> {
      const item = await ownedItem(userId, itemId);
      if (item.purchaserId) throw new AppError(409, ITEM_ERRORS.itemSold);
      // Held by an accepted trade: the other side agreed to take the listing as it reads now.
      if (item.tradeId !== null && item.tradedAt === null) throw new AppError(409, ITEM_ERRORS.tradePending);
      await validateRefs(userId, input, false);
      const guardrails = guardrailColumns(input, item);
      const problem = guardrailProblem({ priceCents: dollarsToCents(input.price), isFixedPrice: input.isFixedPrice, ...guardrails });
      if (problem) throw new AppError(400, problem[0], { field: problem[1] });
      const floor = guardrails.autoDeclineBelowCents;
      let moved: string[] = [];
      await db.transaction(async (tx) => {
        // Before the update, which it reads the old price for (issue 29: price-drop notices).
        const priceChange = await recordPriceChange(tx, jobs, itemId, dollarsToCents(input.price));
        await repo.updateItem(tx, itemId, {
          ...listingColumns(input),
          ...guardrails,
          ...timestampColumns(input, item),
          ...tradeColumns(input, item),
          ...specColumns(input, item),
          ...(input.saleTypeId ? { saleTypeId: input.saleTypeId } : {}),
          // A rejected listing goes back into the queue when its seller edits it.
          ...(item.approvalStatus === 'rejected' ? { approvalStatus: 'pending' as const } : {}),
        });
        // A drop is the savers' news: told by its notice (mail and push) at most once a day, and not mailed again
        // as an edit meanwhile.
        if (priceChange === 'none') await notifySavers(tx, itemId, input.name, 'updatedSavedItem');
        // An approved listing edited into a want (new words, a lower price, a new region) alerts it now; the
        // matches already made are kept once each, so an edit re-alerts nobody.
        if (item.approvalStatus === 'approved') await jobs.send('want-match', { itemId }, { key: `want-match:${itemId}:${randomUUID()}`, tx });
        // A raised floor applies to the offers waiting for the seller too. The update above holds the item's row
        // lock, which every new offer takes first, so none can slip in below the new floor meanwhile.
        if (floor !== null && floor > (item.autoDeclineBelowCents ?? 0)) moved = await deps.offers.declineBelowFloor(tx, itemId, input.name, floor);
      }).catch(guardrailRefusal);
      deps.offers.countsMoved(moved);
      return { _id: itemId };
    },

    /** POST /api/items/timestamp-code: the seller's code for today (timestamp-codes.ts). */
    timestampCode: (userId: string) => todaysCode(db, userId),

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
      const item = await ownedItem(userId, itemId);
      if (item.purchaserId) throw new AppError(409, ITEM_ERRORS.itemSold);
      return ownedDetail(userId, itemId);
    },

    /** The owner's copy to start a similar listing from (sold ones included). */
    async forDuplicate(userId: string, itemId: string): Promise<ItemDetailResponse> {
      await ownedItem(userId, itemId);
      return ownedDetail(userId, itemId);
    },

    async remove(userId: string, itemId: string) {
      const item = await ownedItem(userId, itemId);
      // A sold item leaves the seller's lists but stays, with its buyer, for the buyer's records.
      let moved: string[] = [];
      await db.transaction(async (tx) => {
        // Under the item's lock, so no offer can be accepted or payment start between the check and the removal.
        const locked = await repo.lockItem(tx, itemId);
        if (!locked || locked.removedAt) throw new AppError(404, ITEM_ERRORS.notFound);
        if (locked.paymentStatus === 'pending' || (await deps.offers.blockingCount(tx, itemId)) > 0) throw new AppError(409, ITEM_ERRORS.offerPending);
        // Held by an accepted trade: the other side is counting on it until the trade is cancelled or done.
        if (locked.tradeId && !locked.purchaserId) throw new AppError(409, TRADE_ERRORS.tradePending);
        await repo.updateItem(tx, itemId, { removedAt: new Date() });
        if (!item.purchaserId) {
          moved = await deps.offers.settle(tx, itemId, item.name, null);
          moved.push(...(await deps.trades.closeTradesForItems(tx, [itemId], 'item_removed')));
          await notifySavers(tx, itemId, item.name, 'removedSavedItem');
        }
      });
      deps.offers.countsMoved(moved);
      return { ok: true };
    },

    async comment(userId: string, itemId: string, body: string): Promise<Comment> {
      const item = await repo.findItem(db, itemId);
      if (!item) throw new AppError(404, ITEM_ERRORS.notFound);
      if (item.purchaserId) throw new AppError(409, ITEM_ERRORS.commentClosed);
      if ((await consume(commentLimit, userId)) > 0) throw new AppError(429, ITEM_ERRORS.tooManyComments);
      const author = await repo.sellerOf(db, userId);
      const seller = await repo.userContact(db, item.sellerId);
      const row = await db.transaction(async (tx) => {
        const inserted = await repo.insertComment(tx, { itemId, userId, body: body.trim() });
        if (seller && !seller.removedAt && item.sellerId !== userId && seller.prefs.itemComments !== false) {
          const mail = itemCommentMail(seller.email, seller.username, item.name, author?.username ?? 'Someone', body.trim(), itemUrl(itemId));
          await queueMail(jobs, tx, `item-comment:${inserted.id}`, mail);
        }
        return inserted;
      });
      return {
        _id: row.id,
        body: body.trim(),
        timeCreated: row.createdAt.toISOString(),
        userId: { _id: userId, username: author?.username ?? '', avatar: author?.avatar ?? null, reddit: { isLinked: Boolean(author?.redditUsername) } },
      };
    },

    async save(userId: string, itemId: string, saved: boolean) {
      if (!(await repo.findItem(db, itemId))) throw new AppError(404, ITEM_ERRORS.notFound);
      await db.transaction((tx) => (saved ? repo.addSave(tx, itemId, userId) : repo.removeSave(tx, itemId, userId)));
      return { _id: itemId };
    },

    /** Which of these items the viewer saved (the hearts on discovery's cards). */
    savedAmong: (userId: string, itemIds: string[]) => repo.savedAmong(db, userId, itemIds),

    /** The admins' queue: pending listings oldest first, keyset on timeListed (and id). */
    async approvalQueue(after: Date | undefined): Promise<ItemDetail[]> {
      const ids = (await repo.approvalPage(db, { after, limit: ITEM_PAGE_SIZE })).map((r) => r.id);
      const [rows, shipping] = await Promise.all([repo.itemsWithSellers(db, ids), repo.shippingOfItems(db, ids)]);
      const byId = new Map(rows.map((r) => [r.item.id, r]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        if (!row) return [];
        return [
          toDetail({ ...row.item, tradePending: row.item.tradeId !== null && row.item.tradedAt === null }, {
            forOwner: false,
            withTimestamp: true,
            shipping: shipping.filter((s) => s.itemId === id),
            isFollowing: false,
            comments: [],
            // A listing awaiting approval was never sold, so never rated.
            isSellerReviewed: false,
            // The queue shows who listed it; the full seller block is on the item page.
            seller: { _id: row.item.sellerId, username: row.sellerUsername, avatar: row.sellerAvatar, reddit: { isLinked: false, transactions: { count: 0 } }, shippingRegion: null, transactions: 0 },
          }),
        ];
      });
    },

    async approve(itemId: string) {
      const item = await repo.findItem(db, itemId);
      if (!item) throw new AppError(404, ITEM_ERRORS.notFound);
      await db.transaction(async (tx) => {
        // On sale from now: it tops the feed, whatever time it was first submitted.
        await repo.updateItem(tx, itemId, { approvalStatus: 'approved', timeListed: new Date() });
        // One fan-out job per listing going on sale; a second approve (a double click, two admins) queues nothing.
        if (item.approvalStatus !== 'approved') {
          await jobs.send('seller-listed', { itemId }, { key: `seller-listed:${itemId}`, tx });
          // Wants are matched in the queue, never in this request (issue 16).
          await jobs.send('want-match', { itemId }, { key: `want-match:${itemId}:approved`, tx });
        }
      });
      await deps.awardKarma(item.sellerId, LISTING_KARMA, itemId);
      return { _id: itemId, approvalStatus: 'approved' as const };
    },

    /**
     * The 'seller-listed' job: mails one page of the seller's followers, and queues the next page in the same
     * transaction. Every key is derived from the item and the follower, so a page run again queues nothing twice.
     */
    async sellerListedJob({ itemId, after }: { itemId: string; after?: repo.FollowerCursor }) {
      const item = await repo.findItem(db, itemId);
      // Rejected, removed or sold since it was approved: nothing to announce any more.
      if (!item || item.approvalStatus !== 'approved' || item.purchaserId) return;
      const seller = await repo.userContact(db, item.sellerId);
      if (!seller || seller.removedAt) return;
      const page = await repo.followersToNotify(db, item.sellerId, after, FOLLOWER_MAIL_PAGE);
      const price = formatPrice(centsToDollars(item.priceCents));
      await db.transaction(async (tx) => {
        for (const f of page) {
          await queueMail(jobs, tx, `seller-listed:${itemId}:${f.followerId}`, followedSellerListedMail(f.email, f.username, seller.username, item.name, price, itemUrl(itemId)));
        }
        const last = page.at(-1);
        if (last && page.length === FOLLOWER_MAIL_PAGE) {
          const next = { createdAt: last.createdAt, followerId: last.followerId };
          await jobs.send('seller-listed', { itemId, after: next }, { key: `seller-listed:${itemId}:${next.createdAt}:${next.followerId}`, tx });
        }
      });
    },

    async reject(itemId: string) {
      const item = await repo.findItem(db, itemId);
      if (!item) throw new AppError(404, ITEM_ERRORS.notFound);
      const seller = await repo.userContact(db, item.sellerId);
      let moved: string[] = [];
      await db.transaction(async (tx) => {
        // Issue 36: a rejected listing takes no trade, offer or payment further: the trades holding or naming it end
        // (taking its lock with theirs), its open offers close, and a checkout at the provider decides first (409).
        moved = await deps.trades.closeForTakedown(tx, itemId);
        if ((await repo.lockItem(tx, itemId))?.paymentStatus === 'pending') throw new AppError(409, PAYMENT_ERRORS.paymentPending);
        await repo.updateItem(tx, itemId, { approvalStatus: 'rejected' });
        if (!item.purchaserId) moved.push(...(await deps.offers.settle(tx, itemId, item.name, null)));
        if (seller && !seller.removedAt) {
          await queueMail(jobs, tx, `listing-rejected:${randomUUID()}`, listingRejectedMail(seller.email, seller.username, item.name, `${config.appUrl}/edit-item/${itemId}`));
        }
      });
      deps.offers.countsMoved([...new Set(moved)]);
      return { _id: itemId, approvalStatus: 'rejected' as const };
    },
  };
}

export type ItemsService = ReturnType<typeof createItemsService>;
