/**
 * A seller's own listing, written: create (the rate limit, the email and phone rules, the daily listing limit read
 * before and again under the seller's lock) and edit (the sold and trade-held refusals, the guardrails, the price
 * drop recorded before the update, the savers' mail, a want re-match and a raised floor declining offers), with
 * the checks of the references they share and today's timestamp code for the form's photo. The create rate
 * limiter is the only state, and only create uses it.
 */
import { randomUUID } from 'node:crypto';
import { dollarsToCents, guardrailProblem, ITEM_ERRORS, TOO_MANY_REQUESTS, type ValidItemInput } from '@keeb/shared';
import { AppError } from '../../platform/errors';
import { consume } from '../../platform/rate-limit';
import { acceptablePhoto, guardrailColumns, guardrailRefusal, listingColumns, timestampColumns, tradeColumns } from './listing-columns';
import { recordPriceChange } from './price-drop';
import * as repo from './repo';
import { DAY_MS, notifySavers, ownedItem, type ItemsDeps } from './service-shared';
import { specColumns } from './spec-columns';
import { requireIssuedTo, todaysCode } from './timestamp-codes';

/** Create calls per seller per 10 minutes: room for a busy seller's retries, none for a script hammering the limit. */
const CREATE_CALLS_PER_10_MINUTES = 20;

export function createListingActions(deps: Pick<ItemsDeps, 'db' | 'config' | 'jobs' | 'limits' | 'emailConfirmed' | 'phoneVerified' | 'offers'>) {
  const { db, config, jobs } = deps;
  const createLimit = deps.limits.create({ name: 'item-create', points: CREATE_CALLS_PER_10_MINUTES, durationSeconds: 600 });

  /** 429 too_many_posts with the seconds until the oldest listing counted leaves the 24-hour window. */
  function refuseOverLimit(recent: Array<{ createdAt: Date }>) {
    if (recent.length < config.listingsPerDay) return;
    const oldestCounted = recent[recent.length - config.listingsPerDay]!.createdAt.getTime();
    const timeLeft = Math.max(1, Math.ceil((oldestCounted + DAY_MS - Date.now()) / 1000));
    throw new AppError(429, ITEM_ERRORS.tooManyPosts, { timeLeft });
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
      const item = await ownedItem(db, userId, itemId);
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
        if (priceChange === 'none') await notifySavers(deps, tx, itemId, input.name, 'updatedSavedItem');
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
  };
}
