import {
  RATING_ERRORS,
  RATINGS_PAGE_SIZE,
  type RatingAverages,
  type RatingListQuery,
  type StoredRating,
  type UserRatings,
  type ValidRatingInput,
} from '@keeb/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { queueMail } from '../../adapters/mail/mail-queue';
import { newRatingMail } from './mail-templates';
import * as repo from './repo';

export interface RatingsDeps {
  db: Database;
  config: Config;
  jobs: JobQueue;
}

type AverageRow = Pick<NonNullable<Awaited<ReturnType<typeof repo.sellerWithAverages>>>, 'count' | 'descAvg' | 'commAvg' | 'shipAvg' | 'overall'>;
const toAverages = (r: AverageRow): RatingAverages => ({
  descAvg: r.descAvg ?? 0,
  commAvg: r.commAvg ?? 0,
  shipAvg: r.shipAvg ?? 0,
  overall: r.overall ?? 0,
  count: r.count,
});

export function createRatingsService(deps: RatingsDeps) {
  const { db, config, jobs } = deps;
  const feedbackUrl = (username: string) => `${config.appUrl}/u/${encodeURIComponent(username)}/rating`;

  /** The seller `key` names (username or id) with their averages; unknown and removed users are 404 not_found. */
  async function seller(key: string) {
    const row = await repo.sellerWithAverages(db, key);
    if (!row) throw new AppError(404, RATING_ERRORS.notFound);
    return row;
  }

  return {
    /**
     * POST /api/user/feedback: the item's buyer rates its seller, once per item. Anyone else is 403 forbidden (the
     * item and its sale are public, so a 404 would hide nothing). The unique item key decides parallel attempts.
     */
    async rate(buyerId: string, input: ValidRatingInput): Promise<StoredRating> {
      const item = await repo.itemForRating(db, input.itemId);
      if (!item) throw new AppError(404, RATING_ERRORS.notFound);
      if (item.sellerId === buyerId) throw new AppError(403, RATING_ERRORS.ownItem);
      if (item.purchaserId !== buyerId) throw new AppError(403, RATING_ERRORS.forbidden);
      // A completed trade is rated once each way, through the item of the order each side received.
      if (item.tradedAt && !(await repo.isTradeOrderItem(db, item.id, buyerId))) throw new AppError(403, RATING_ERRORS.forbidden);
      if (input.sellerId !== item.sellerId) throw new AppError(400, RATING_ERRORS.wrongSeller, { field: 'sellerId' });
      if (await repo.isRated(db, item.id)) throw new AppError(409, RATING_ERRORS.alreadyRated);
      try {
        const row = await db.transaction(async (tx) => {
          const stored = await repo.insertRating(tx, {
            itemId: item.id,
            sellerId: item.sellerId,
            buyerId,
            description: input.description,
            communication: input.communication,
            shipping: input.shipping,
            comment: input.comment,
          });
          const [to, buyer] = await Promise.all([repo.contactOf(tx, item.sellerId), repo.contactOf(tx, buyerId)]);
          if (to && !to.removedAt && to.prefs.itemSell !== false) {
            const mail = newRatingMail(to.email, to.username, buyer?.username ?? 'Your buyer', item.name, input, feedbackUrl(to.username));
            await queueMail(jobs, tx, `rating:${stored.id}`, mail);
          }
          return stored;
        });
        return {
          _id: row.id,
          sellerId: row.sellerId,
          itemId: row.itemId,
          description: row.description,
          communication: row.communication,
          shipping: row.shipping,
          comment: row.comment,
          createdAt: row.createdAt.toISOString(),
        };
      } catch (error) {
        if (uniqueViolation(error) === 'seller_ratings_item_key') throw new AppError(409, RATING_ERRORS.alreadyRated);
        throw error;
      }
    },

    /** GET /api/user/{id}/rating-avg. */
    async averages(key: string): Promise<RatingAverages> {
      return toAverages(await seller(key));
    },

    /** GET /api/user/{id}/rating: a page of RATINGS_PAGE_SIZE, newest first, after the cursor when given. */
    async ratings(key: string, query: RatingListQuery = {}): Promise<UserRatings> {
      const row = await seller(key);
      const cursor = { ts: query.ts ? new Date(query.ts).toISOString() : undefined, id: query.cursorId };
      const page = row.count === 0 ? [] : await repo.ratingsPage(db, row.id, cursor, RATINGS_PAGE_SIZE);
      return {
        _id: { username: row.username },
        ratings: page.map((r) => ({
          _id: r.id,
          description: r.description,
          communication: r.communication,
          shipping: r.shipping,
          comment: r.comment,
          createdAt: r.createdAt.toISOString(),
          itemId: r.itemRemovedAt ? null : { _id: r.itemId, name: r.itemName, thumbnail: r.itemThumbnail },
        })),
        ...toAverages(row),
      };
    },
  };
}

export type RatingsService = ReturnType<typeof createRatingsService>;
