import {
  centsToDollars,
  dollarsToCents,
  ERROR_CODES,
  isPrice,
  offersRowPath,
  priceText,
  SELLER_TOOL_ERRORS,
  SELLER_TOOL_LIMITS,
  SELLER_TOOL_TEXTS,
  type ItemDetail,
  type SaverOffer,
  type SaverOfferSent,
  type SaverOfferTaken,
} from '@keeb/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { queueMails } from '../../adapters/mail/mail-queue';
import { contactOf } from '../../db/contacts';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { RealtimeHub } from '../../realtime/hub';
import type { OffersService } from '../offers/service';
import { saverOfferMail, saverOfferTakenMail, saverOfferText } from './mail-templates';
import * as repo from './repo';

export interface SaverOffersDeps {
  db: Database;
  config: Config;
  jobs: JobQueue;
  hub: Pick<RealtimeHub, 'toUsers'>;
  /** The offers module: what "on sale" and "held" mean, and the accepted offer a take makes. */
  offers: Pick<OffersService, 'onSale' | 'held' | 'acceptSaverOffer' | 'countsMoved'>;
}

/** Where the screens show offers to savers (the Saved tab), as the pushes link it. */
const SAVED_PATH = '/me/vault';

const notAllowed = () => new AppError(409, SELLER_TOOL_ERRORS.saverOfferNotAllowed);
const gone = () => new AppError(409, SELLER_TOOL_ERRORS.saverOfferGone);
const away = (until: Date) => new AppError(409, SELLER_TOOL_ERRORS.sellerAway, { until: until.toISOString() });
const badPrice = () => new AppError(400, SELLER_TOOL_ERRORS.price, { field: 'price' });
/** Mail about offers follows the `offers` preference (docs/decisions/0453-mail.md). */
const wantsMail = (c: { removedAt: Date | null; prefs: { offers?: boolean } }) => !c.removedAt && c.prefs.offers !== false;

export function createSaverOffersService(deps: SaverOffersDeps) {
  const { db, config, jobs, hub, offers } = deps;
  /** Issue 36: the Saved tab with the offer marked (the savers' offers lead it). */
  const offerPath = (saverOfferId: string) => `${SAVED_PATH}?tab=saved&item=${saverOfferId}`;

  return {
    /** POST /api/item/{id}/offer-to-savers: the seller's one-time price to everyone who saved the item. */
    async send(sellerId: string, itemId: string, price: unknown): Promise<SaverOfferSent> {
      if (!isPrice(price)) throw badPrice();
      const priceCents = dollarsToCents(Number(priceText(price)));
      return db.transaction(async (tx) => {
        // The item's lock makes two sends at once take turns: the second sees the first and meets the weekly limit.
        const item = await repo.lockItem(tx, itemId);
        if (!item || item.removedAt) throw new AppError(404, ERROR_CODES.notFound);
        if (item.sellerId !== sellerId) throw new AppError(403, ERROR_CODES.forbidden);
        if (!item.offersAccepted || !offers.onSale(item) || (await offers.held(tx, item))) throw notAllowed();
        if (!(await repo.hasSavers(tx, item.id, sellerId))) throw notAllowed();
        const until = await repo.awayUntil(tx, sellerId);
        if (until) throw away(until);
        if (priceCents >= item.priceCents) throw badPrice();
        const timeLeft = await repo.msUntilNext(tx, item.id);
        if (timeLeft > 0) throw new AppError(409, SELLER_TOOL_ERRORS.saverOfferLimit, { timeLeft });
        const sent = await repo.insertOffer(tx, { itemId: item.id, sellerId, priceCents, listPriceCents: item.priceCents });
        await jobs.send('saver-offer-sent', { saverOfferId: sent.id }, { tx, key: `saver-offer-sent:${sent.id}` });
        return { _id: sent.id, recipients: sent.recipients, expiresAt: sent.expiresAt.toISOString() };
      });
    },

    /** GET /api/me/saver-offers: the offers the viewer received in the last week, newest first, as they stand for them. */
    async received(userId: string): Promise<{ saverOffers: SaverOffer[] }> {
      const rows = await repo.receivedBy(db, userId);
      return {
        saverOffers: rows.map((r): SaverOffer => {
          const status = r.takenBy === userId ? 'taken' : r.takenBy !== null || r.itemGone ? 'gone' : r.expired ? 'expired' : 'open';
          return {
            _id: r.id,
            price: centsToDollars(r.priceCents),
            listPrice: centsToDollars(r.listPriceCents),
            createdAt: r.createdAt.toISOString(),
            expiresAt: r.expiresAt.toISOString(),
            status,
            offerId: status === 'taken' ? r.offerId : null,
            item: { _id: r.itemId, name: r.itemName, thumbnail: r.itemThumbnail },
            seller: { _id: r.sellerId, username: r.sellerRemoved ? 'User Not Found' : r.sellerName },
          };
        }),
      };
    },

    /**
     * POST /api/saver-offer/{id}/take: one recipient wins. Under the item's lock (the order every offer and payment
     * change keeps), the conditional update on taken_by decides, and the accepted offer is made in the same
     * transaction, offers_one_accepted_per_item being the last guard. Someone else's win, the end of the 24 hours,
     * or an item that can no longer be sold answer saver_offer_gone.
     */
    async take(userId: string, saverOfferId: string): Promise<SaverOfferTaken> {
      const found = await repo.findOffer(db, saverOfferId);
      // Only its recipients know the offer: anyone else is told it does not exist.
      if (!found || !(await repo.isRecipient(db, found.id, userId))) throw new AppError(404, ERROR_CODES.notFound);
      if (found.takenBy !== null || found.expiresAt.getTime() <= Date.now()) throw gone();
      let moved: string[] = [];
      try {
        const taken = await db.transaction(async (tx) => {
          const item = await repo.lockItem(tx, found.itemId);
          if (!item || !offers.onSale(item) || (await offers.held(tx, item))) throw gone();
          const until = await repo.awayUntil(tx, item.sellerId);
          if (until) throw away(until);
          if (!(await repo.claim(tx, found.id, userId))) throw gone();
          const accepted = await offers.acceptSaverOffer(tx, item, userId, found.priceCents);
          await repo.setOfferId(tx, found.id, accepted.offerId);
          moved = accepted.moved;
          const [buyer, seller] = await Promise.all([contactOf(tx, userId), contactOf(tx, item.sellerId)]);
          if (seller && wantsMail(seller)) {
            await queueMails(jobs, tx, [{ key: `saver-offer-taken:${found.id}`, message: saverOfferTakenMail(seller.email, seller.username, buyer?.username ?? 'A saver', item.name, found.priceCents, `${config.appUrl}${offersRowPath('received', accepted.offerId)}`) }]);
          }
          await jobs.send('saver-offer-gone', { saverOfferId: found.id }, { tx, key: `saver-offer-gone:${found.id}` });
          return { offerId: accepted.offerId, itemId: item.id };
        });
        offers.countsMoved(moved);
        return taken;
      } catch (error) {
        // Another saver's accepted offer got in first by another path: the database's guard says it is gone.
        if (uniqueViolation(error) === 'offers_one_accepted_per_item') throw gone();
        throw error;
      }
    },

    /** The owner's item page: may they send one now, to how many, and when the next may go (ItemDetail.saverOffer). */
    async ownerStatus(itemId: string): Promise<NonNullable<ItemDetail['saverOffer']>> {
      const row = await repo.ownerStatus(db, itemId);
      if (!row) return { allowed: false, savers: 0, nextAt: null };
      return { allowed: row.open && row.savers > 0 && row.nextAt === null, savers: row.savers, nextAt: row.nextAt };
    },

    /** The 'saver-offer-sent' job: pushes the offer to its recipients and mails those who want offer mail. */
    async sentJob({ saverOfferId }: { saverOfferId: string }) {
      const offer = await repo.offerForNotice(db, saverOfferId);
      // Once the offer is gone (a retry a day later), a notice would offer what nobody can take.
      if (!offer || offer.takenBy !== null || offer.expiresAt.getTime() <= Date.now()) return;
      const text = saverOfferText(offer.sellerName, offer.itemName, offer.priceCents, SELLER_TOOL_LIMITS.saverOfferHours);
      const recipients = await repo.recipientsOf(db, saverOfferId);
      const mails = recipients.filter(wantsMail).map((r) => ({ key: `saver-offer:${saverOfferId}:${r.id}`, message: saverOfferMail(r.email, r.username, text, offer.itemName, `${config.appUrl}${offerPath(saverOfferId)}`) }));
      await db.transaction((tx) => queueMails(jobs, tx, mails));
      hub.toUsers(
        recipients.filter((r) => !r.removedAt).map((r) => r.id),
        'savedItemUpdate',
        { kind: 'saverOffer', item: itemOf(offer), saverOfferId, text, path: offerPath(saverOfferId) },
      );
    },

    /** The 'saver-offer-gone' job: tells the other recipients that someone took it. */
    async goneJob({ saverOfferId }: { saverOfferId: string }) {
      const offer = await repo.offerForNotice(db, saverOfferId);
      if (!offer) return;
      const others = (await repo.recipientsOf(db, saverOfferId)).filter((r) => !r.removedAt && r.id !== offer.takenBy).map((r) => r.id);
      hub.toUsers(others, 'savedItemUpdate', { kind: 'saverOfferGone', item: itemOf(offer), saverOfferId, text: SELLER_TOOL_TEXTS.saverOfferGone, path: SAVED_PATH });
    },
  };
}

type NoticeRow = NonNullable<Awaited<ReturnType<typeof repo.offerForNotice>>>;
const itemOf = (o: NoticeRow) => ({ _id: o.itemId, name: o.itemName, thumbnail: o.itemThumbnail, price: centsToDollars(o.itemPriceCents) });

export type SaverOffersService = ReturnType<typeof createSaverOffersService>;
