import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { PAYMENT_WINDOW_MS, SELLER_TOOL_LIMITS } from '@keeb/shared';
import type { Queryable, Tx } from '../../db/client';
import { itemSaves, items, offers, purchases, saverOfferRecipients, saverOffers, users } from '../../db/schema/index';

/** The item's lock, which every offer and payment change takes first (the items module owns it). */
export { lockItem, type LockedItem } from '../items/repo';

const EVERY = sql.raw(`interval '${SELLER_TOOL_LIMITS.saverOfferEveryDays} days'`);
const STANDS = sql.raw(`interval '${SELLER_TOOL_LIMITS.saverOfferHours} hours'`);
const WINDOW = sql.raw(`interval '${PAYMENT_WINDOW_MS / 1000} seconds'`);
/** The list shows open offers and those of the last week (an offer stands a day, so: sent in the last week). */
const LISTED = sql.raw(`interval '7 days'`);
/** At most this many offers in GET /api/me/saver-offers: a week of them, newest first. */
export const LIST_LIMIT = 50;

/** When the seller's away mode ends, if it is still running (users.away_until in the future). */
export async function awayUntil(db: Queryable, userId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ until: users.awayUntil })
    .from(users)
    .where(and(eq(users.id, userId), gt(users.awayUntil, sql`now()`)));
  return row?.until ?? undefined;
}

/** Milliseconds until the item's next offer to savers may be sent (0 when it may now), by the database's clock. */
export async function msUntilNext(db: Queryable, itemId: string): Promise<number> {
  const [row] = await db
    .select({ ms: sql<number>`coalesce(ceil(extract(epoch from (max(${saverOffers.createdAt}) + ${EVERY} - now())) * 1000), 0)::float8` })
    .from(saverOffers)
    .where(eq(saverOffers.itemId, itemId));
  return Math.max(0, Number(row?.ms ?? 0));
}

/** Whether the item has anyone to send to: savers other than the seller whose accounts still exist. */
export async function hasSavers(db: Queryable, itemId: string, sellerId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(itemSaves)
    .innerJoin(users, eq(users.id, itemSaves.userId))
    .where(and(eq(itemSaves.itemId, itemId), ne(itemSaves.userId, sellerId), isNull(users.removedAt)))
    .limit(1);
  return Boolean(row);
}

/**
 * Records an offer to savers standing SELLER_TOOL_LIMITS.saverOfferHours from now, and its recipients: the item's
 * savers at this moment (as hasSavers counts them), read and written in one statement.
 */
export async function insertOffer(tx: Tx, values: { itemId: string; sellerId: string; priceCents: number; listPriceCents: number }) {
  const [offer] = await tx
    .insert(saverOffers)
    .values({ ...values, expiresAt: sql`now() + ${STANDS}` })
    .returning({ id: saverOffers.id, expiresAt: saverOffers.expiresAt });
  if (!offer) throw new Error('saver offer insert returned nothing');
  const recipients = await tx.execute(sql`
    insert into ${saverOfferRecipients} (saver_offer_id, user_id)
    select ${offer.id}::uuid, s.user_id from ${itemSaves} s join ${users} u on u.id = s.user_id
    where s.item_id = ${values.itemId} and s.user_id <> ${values.sellerId} and u.removed_at is null
    returning user_id`);
  return { ...offer, recipients: rowsOf(recipients).length };
}

const rowsOf = (result: unknown) => (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []));

export async function findOffer(db: Queryable, id: string) {
  const [row] = await db.select().from(saverOffers).where(eq(saverOffers.id, id));
  return row;
}

export async function isRecipient(db: Queryable, saverOfferId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(saverOfferRecipients)
    .where(and(eq(saverOfferRecipients.saverOfferId, saverOfferId), eq(saverOfferRecipients.userId, userId)));
  return Boolean(row);
}

/**
 * The race's one decision: the offer goes to `userId` only while nobody has it and it still stands, in the same
 * statement that reads it. Answers whether this call won.
 */
export async function claim(tx: Tx, saverOfferId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .update(saverOffers)
    .set({ takenBy: userId, takenAt: sql`now()` })
    .where(and(eq(saverOffers.id, saverOfferId), isNull(saverOffers.takenBy), gt(saverOffers.expiresAt, sql`now()`)))
    .returning({ id: saverOffers.id });
  return rows.length === 1;
}

export async function setOfferId(tx: Tx, saverOfferId: string, offerId: string) {
  await tx.update(saverOffers).set({ offerId }).where(eq(saverOffers.id, saverOfferId));
}

/** The recipients with what mailing them needs (removed accounts are told nothing). */
export function recipientsOf(db: Queryable, saverOfferId: string) {
  return db
    .select({ id: users.id, email: users.email, username: users.username, prefs: users.emailPreferences, removedAt: users.removedAt })
    .from(saverOfferRecipients)
    .innerJoin(users, eq(users.id, saverOfferRecipients.userId))
    .where(eq(saverOfferRecipients.saverOfferId, saverOfferId));
}

/** The offer with its item and seller, as the notices tell it. */
export async function offerForNotice(db: Queryable, saverOfferId: string) {
  const [row] = await db
    .select({
      id: saverOffers.id,
      priceCents: saverOffers.priceCents,
      expiresAt: saverOffers.expiresAt,
      takenBy: saverOffers.takenBy,
      itemId: items.id,
      itemName: items.name,
      itemThumbnail: items.thumbnail,
      itemPriceCents: items.priceCents,
      sellerName: users.username,
    })
    .from(saverOffers)
    .innerJoin(items, eq(items.id, saverOffers.itemId))
    .innerJoin(users, eq(users.id, saverOffers.sellerId))
    .where(eq(saverOffers.id, saverOfferId));
  return row;
}

/** A live accepted offer on the item i of the statement, or a payment under way: the item is held (offers' rules). */
const heldSql = (except?: unknown) => sql`(exists (select 1 from ${offers} o where o.item_id = ${items.id} and o.status = 'accepted'
    and o.time_accepted + ${WINDOW} > now()${except === undefined ? sql`` : sql` and o.buyer_id <> ${except}`})
  or exists (select 1 from ${purchases} p where p.item_id = ${items.id} and p.status in ('open', 'capturing', 'capture_pending') and p.locked_until > now()))`;

/** On sale: approved, unsold, not removed, not held by a trade (the offers module's onSale, in SQL). */
const onSaleSql = sql`(${items.approvalStatus} = 'approved' and ${items.purchaserId} is null and ${items.removedAt} is null and ${items.tradeId} is null)`;

/**
 * GET /api/me/saver-offers: the viewer's offers to savers sent in the last week, newest first, with their items,
 * sellers and whether the item can still be sold to the viewer, in one statement (saver_offer_recipients_user_idx,
 * then each offer by primary key).
 */
export function receivedBy(db: Queryable, userId: string) {
  return db
    .select({
      id: saverOffers.id,
      priceCents: saverOffers.priceCents,
      listPriceCents: saverOffers.listPriceCents,
      createdAt: saverOffers.createdAt,
      expiresAt: saverOffers.expiresAt,
      takenBy: saverOffers.takenBy,
      offerId: saverOffers.offerId,
      expired: sql<boolean>`${saverOffers.expiresAt} <= now()`,
      itemGone: sql<boolean>`not ${onSaleSql} or ${heldSql(userId)}`,
      itemId: items.id,
      itemName: items.name,
      itemThumbnail: items.thumbnail,
      sellerId: users.id,
      sellerName: users.username,
      sellerRemoved: sql<boolean>`${users.removedAt} is not null`,
    })
    .from(saverOfferRecipients)
    .innerJoin(saverOffers, eq(saverOffers.id, saverOfferRecipients.saverOfferId))
    .innerJoin(items, eq(items.id, saverOffers.itemId))
    .innerJoin(users, eq(users.id, saverOffers.sellerId))
    .where(and(eq(saverOfferRecipients.userId, userId), gt(saverOffers.createdAt, sql`now() - ${LISTED}`)))
    .orderBy(desc(saverOffers.createdAt), desc(saverOffers.id))
    .limit(LIST_LIMIT);
}

/**
 * The owner's item page (ItemDetail.saverOffer), in one statement: whether the listing may be offered to its
 * savers now (takes offers, on sale, not held, seller not away), how many savers it would reach, and how long
 * until the weekly limit lets the next one go.
 */
export async function ownerStatus(db: Queryable, itemId: string) {
  const [row] = await db
    .select({
      open: sql<boolean>`${items.offersAccepted} and ${onSaleSql} and not ${heldSql()} and not coalesce(${users.awayUntil} > now(), false)`,
      savers: sql<number>`(select count(*)::int from ${itemSaves} s join ${users} su on su.id = s.user_id
        where s.item_id = ${items.id} and s.user_id <> ${items.sellerId} and su.removed_at is null)`,
      nextAt: sql<string | null>`(select to_char((max(so.created_at) + ${EVERY}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        from ${saverOffers} so where so.item_id = ${items.id} having max(so.created_at) + ${EVERY} > now())`,
    })
    .from(items)
    .innerJoin(users, eq(users.id, items.sellerId))
    .where(eq(items.id, itemId));
  return row;
}

