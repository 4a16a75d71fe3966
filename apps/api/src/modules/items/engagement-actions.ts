/**
 * What visitors do on someone's listing: comment on it (at most COMMENTS_PER_DAY a day each, the seller mailed in
 * the comment's transaction unless they opted out) and save it (the heart), with which of a page's items the
 * viewer saved. The comment rate limiter is the only state, and only commenting uses it.
 */
import { ITEM_ERRORS, type Comment } from '@keeb/shared';
import { AppError } from '../../platform/errors';
import { queueMail } from '../../adapters/mail/mail-queue';
import { consume } from '../../platform/rate-limit';
import { itemCommentMail } from './mail-templates';
import * as repo from './repo';
import { DAY_MS, itemUrl, type ItemsDeps } from './service-shared';

const COMMENTS_PER_DAY = 20;

export function createEngagementActions(deps: Pick<ItemsDeps, 'db' | 'config' | 'jobs' | 'limits'>) {
  const { db, config, jobs } = deps;
  const commentLimit = deps.limits.create({ name: 'item-comments', points: COMMENTS_PER_DAY, durationSeconds: DAY_MS / 1000, blockSeconds: DAY_MS / 1000 });

  return {
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
          const mail = itemCommentMail(seller.email, seller.username, item.name, author?.username ?? 'Someone', body.trim(), itemUrl(config, itemId));
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
  };
}
