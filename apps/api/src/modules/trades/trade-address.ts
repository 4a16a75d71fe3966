import { TRADE_ERRORS } from '@keeb/shared';
import type { Database, Tx } from '../../db/client';
import type { MailMessage } from '../../adapters/mail/mail';
import { AppError } from '../../platform/errors';
import * as mails from './mail-templates';
import * as repo from './repo';

type Contact = NonNullable<Awaited<ReturnType<typeof repo.contactOf>>>;

/**
 * Issue 36: each side of a trade ships to the other, so a trade goes ahead only with both addresses, and the side
 * that lacks one is the one told. The caller without one: 409 no_address (theirs to add). The caller with one and
 * the other side without: 409 other_no_address, and the other side is mailed once per trade (its own committed
 * transaction: the refused call's rolls back) to add theirs.
 */
export function createTradeAddressCheck(deps: {
  db: Database;
  settingsUrl: string;
  tell: (tx: Tx, userId: string, key: string, mail: (c: Contact) => MailMessage) => Promise<void>;
}) {
  const { db } = deps;
  return {
    /** Countering (as proposing): the side sending terms needs an address to receive the other parcel at. */
    async requireOwn(userId: string) {
      if (!(await repo.contactOf(db, userId))?.hasAddress) throw new AppError(409, TRADE_ERRORS.noAddress);
    },

    /** Accepting: both sides need one; say whose is missing. */
    async requireBoth(trade: repo.TradeRow, userId: string) {
      const otherId = trade.sellerId === userId ? trade.proposerId : trade.sellerId;
      const [own, other] = await Promise.all([repo.contactOf(db, userId), repo.contactOf(db, otherId)]);
      if (!own?.hasAddress) throw new AppError(409, TRADE_ERRORS.noAddress);
      if (other?.hasAddress) return;
      await db.transaction(async (tx) => {
        const name = await repo.itemName(tx, trade.itemId);
        await deps.tell(tx, otherId, `trade-address-needed:${trade.id}:${otherId}`, (c) => mails.addressNeededMail(c.email, c.username, own.username, name, deps.settingsUrl));
      });
      throw new AppError(409, TRADE_ERRORS.otherNoAddress);
    },
  };
}
