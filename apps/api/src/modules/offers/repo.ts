import { and, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { OFFER_TRANSITIONS, PAYMENT_WINDOW_MS, RECEIVED_PAGE_SIZE, RECEIVED_STATUSES, REGIONS, type OfferStatus } from '@keeb/shared';
import { isoFromJson, jsonRows, type Database, type Queryable, type Tx } from '../../db/client';
import { descNullsLast } from '../../db/order';
import { itemSaves, itemShipping, items, offerEvents, offers, purchases, regions, users } from '../../db/schema/index';

export type OfferRow = typeof offers.$inferSelect;
const WINDOW = sql.raw(`interval '${PAYMENT_WINDOW_MS / 1000} seconds'`);

export async function findOffer(db: Queryable, offerId: string) {
  const [row] = await db.select().from(offers).where(eq(offers.id, offerId));
  return row;
}

/** The item's lock, which every offer and payment change takes first (the items module owns it). */
export { lockItem, type LockedItem } from '../items/repo';

export async function shippingTo(db: Queryable, itemId: string, regionCode: string) {
  const [row] = await db
    .select({ priceCents: itemShipping.priceCents })
    .from(itemShipping)
    .where(and(eq(itemShipping.itemId, itemId), eq(itemShipping.regionCode, regionCode)));
  return row?.priceCents;
}

export async function insertOffer(tx: Tx, values: typeof offers.$inferInsert) {
  const [row] = await tx.insert(offers).values(values).returning();
  if (!row) throw new Error('offer insert returned nothing');
  return row;
}

/**
 * One transition as a conditional update: it applies only while the offer is still in one of `from` (read in
 * the same statement), so of two racing requests at most one changes it. Answers the updated row, or undefined.
 */
export async function transition(
  tx: Tx,
  offerId: string,
  from: readonly OfferStatus[],
  patch: Partial<typeof offers.$inferInsert>,
  extra?: ReturnType<typeof sql>,
) {
  const [row] = await tx
    .update(offers)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(offers.id, offerId), inArray(offers.status, [...from]), extra))
    .returning();
  return row;
}

/** Accepted offers of the item whose window has passed: recorded as expired now (the job may not have run yet). */
export async function expireOverdue(tx: Tx, itemId: string) {
  return tx
    .update(offers)
    .set({ status: 'expired', updatedAt: sql`now()`, sellerActedAt: sql`now()` })
    .where(and(eq(offers.itemId, itemId), eq(offers.status, 'accepted'), sql`${offers.timeAccepted} + ${WINDOW} <= now()`))
    .returning();
}

/** The condition "this accepted offer's window has passed", for an extension of an offer not yet marked expired. */
export const overdue = sql`(${offers.status} <> 'accepted' or ${offers.timeAccepted} + ${WINDOW} <= now())`;

export async function recordEvent(tx: Tx, offerId: string, name: string, actorId: string | null, priceCents?: number | null) {
  await tx.insert(offerEvents).values({ offerId, transition: name, actorId, priceCents: priceCents ?? null });
}

/**
 * The seller raised the auto-decline floor (issue 16): the item's pending offers below it are declined for the
 * seller, as one conditional update. The countered ones stay: the seller is already negotiating those.
 */
export async function declinePendingBelow(tx: Tx, itemId: string, floorCents: number) {
  return tx
    .update(offers)
    .set({ status: 'declined', autoDecided: true, updatedAt: sql`now()`, sellerActedAt: sql`now()` })
    .where(and(eq(offers.itemId, itemId), inArray(offers.status, [...OFFER_TRANSITIONS.autoDecline.from]), lt(offers.priceCents, floorCents)))
    .returning();
}

/**
 * How many of the buyer's offers on the item a floor declined in the last `hours`, from the offers' records (the
 * buyer deleting such an offer does not wipe it): offers_item_idx, then each offer's events.
 */
export async function recentAutoDeclines(db: Queryable, itemId: string, buyerId: string, hours: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(offerEvents)
    .innerJoin(offers, eq(offers.id, offerEvents.offerId))
    .where(
      and(
        eq(offers.itemId, itemId),
        eq(offers.buyerId, buyerId),
        eq(offerEvents.transition, 'autoDecline'),
        sql`${offerEvents.at} > now() - ${hours}::integer * interval '1 hour'`,
      ),
    );
  return row?.n ?? 0;
}

/** The accepted offer of an item whose window is still running, if any (it reserves the item for its buyer). */
export async function liveAcceptedOffer(db: Queryable, itemId: string) {
  const [row] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.itemId, itemId), eq(offers.status, 'accepted'), sql`${offers.timeAccepted} + ${WINDOW} > now()`));
  return row;
}

/** The buyer's open offer on an item (pending, countered or accepted), if any. */
export async function openOfferOf(db: Queryable, itemId: string, buyerId: string) {
  const [row] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.itemId, itemId), eq(offers.buyerId, buyerId), inArray(offers.status, ['pending', 'countered', 'accepted'])));
  return row;
}

/** Offers that keep the item from being removed: pending, countered, or accepted within its window. */
export async function blockingCount(db: Queryable, itemId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(offers)
    .where(
      and(
        eq(offers.itemId, itemId),
        sql`(${offers.status} in ('pending', 'countered') or (${offers.status} = 'accepted' and ${offers.timeAccepted} + ${WINDOW} > now()))`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Closes every open offer of the item except `keep`, answering them (their buyers are told). `buyer`, who bought
 * the item, closed their own offer by buying: that is no news to them, so it does not move their new-offers count.
 */
export async function closeOpen(tx: Tx, itemId: string, keep: string | null, buyer: string | null) {
  return tx
    .update(offers)
    .set({
      status: 'closed',
      updatedAt: sql`now()`,
      sellerActedAt: buyer ? sql`case when ${offers.buyerId} = ${buyer} then ${offers.sellerActedAt} else now() end` : sql`now()`,
    })
    .where(and(eq(offers.itemId, itemId), inArray(offers.status, ['pending', 'countered', 'accepted', 'expired']), keep ? ne(offers.id, keep) : undefined))
    .returning();
}

/** One definition for every module (db/contacts.ts). */
export { contactOf } from '../../db/contacts';

/** Savers of the item who want `preference` mail, without the users named in `except`. */
export function saversWanting(db: Queryable, itemId: string, preference: 'offerSavedItem' | 'soldSavedItem', except: string[]) {
  return db
    .select({ email: users.email, username: users.username })
    .from(itemSaves)
    .innerJoin(users, eq(users.id, itemSaves.userId))
    .where(
      and(
        eq(itemSaves.itemId, itemId),
        isNull(users.removedAt),
        except.length ? sql`${users.id} not in ${except}` : undefined,
        sql`(${users.emailPreferences} ->> ${preference})::boolean is not false`,
      ),
    );
}

const itemColumns = {
  itemId: items.id,
  itemName: items.name,
  itemDescription: items.description,
  itemPriceCents: items.priceCents,
  itemThumbnail: items.thumbnail,
  itemPurchaserId: items.purchaserId,
  itemPriceSoldCents: items.priceSoldCents,
} as const;

/** The offer's own fields both lists show. */
const offerColumns = {
  id: offers.id,
  priceCents: offers.priceCents,
  counterPriceCents: offers.counterPriceCents,
  shippingCents: offers.shippingCents,
  status: offers.status,
  timeAccepted: offers.timeAccepted,
} as const;

/** At most this many offers in one list: a user with more sees their most recently active ones. */
export const LIST_LIMIT = 2500;

/** The buyer's offers, most recently changed first (removed ones are gone for good). */
export function sentOffers(db: Queryable, buyerId: string) {
  return db
    .select({
      ...offerColumns,
      ...itemColumns,
    })
    .from(offers)
    .innerJoin(items, eq(items.id, offers.itemId))
    .where(and(eq(offers.buyerId, buyerId), ne(offers.status, 'removed')))
    .orderBy(descNullsLast(offers.updatedAt), descNullsLast(offers.id))
    .limit(LIST_LIMIT);
}

/**
 * What changed for user `u` in Offers since they last opened it: offers to answer (as seller), answers to read (as
 * buyer): numNewOffers of user `u` in a statement over users u. SQL text, shared by the reset, the Received page's
 * statement and the badge counts (modules/notifications/counts.ts). A paid offer is the buyer's own doing: whatever
 * the seller did before it (the acceptance) is answered by paying, so it leaves the buyer's count.
 */
export const NEW_OFFERS_OF_U = `((select count(*) from offers o where o.seller_id = u.id and o.status = 'pending' and o.buyer_acted_at > u.offers_seen_at)
  + (select count(*) from offers o where o.buyer_id = u.id and o.status not in ('removed', 'paid') and o.seller_acted_at > u.offers_seen_at))`;

const RECEIVED_IN = RECEIVED_STATUSES.map((s) => `'${s}'`).join(', ');

/**
 * One page of the seller's Received list in one prepared statement ($1 seller, $2 and $3 the cursor: the last
 * group's latest activity and item id, or nulls): the seller's items with offers the seller sees, latest offer
 * activity first (the item id closes ties), each with its offers newest first and their buyers. The offers are
 * grouped per item before any item is read, and the items are read in page order until the page is full, so a
 * seller with 200 items costs a page's item reads, not 2,000. Removed items are skipped there, so a page is short
 * only at the end. Region names come from the shared reference list (the regions table is seeded from it at every
 * start), not a join per offer (a sixth of the statement's time). Opening the list also resets the new-offers count (`seen`, which writes only when something was
 * new): the same round trip, in the same snapshot.
 */
export const RECEIVED_PAGE_SQL = `
with seen as (
  update users u set offers_seen_at = now() where u.id = $1::uuid and ${NEW_OFFERS_OF_U} > 0 returning 1
), latest as (
  select o.item_id, max(o.updated_at) as last_at
  from offers o
  where o.seller_id = $1::uuid and o.status in (${RECEIVED_IN})
  group by o.item_id
), page as (
  select l.item_id, l.last_at, i.name, i.description, i.price_cents, i.thumbnail, i.purchaser_id, i.price_sold_cents
  from (
    select item_id, last_at from latest
    where $2::timestamptz is null or (last_at, item_id) < ($2::timestamptz, $3::uuid)
    order by last_at desc, item_id desc
  ) l
  cross join lateral (
    select i.name, i.description, i.price_cents, i.thumbnail, i.purchaser_id, i.price_sold_cents
    from items i where i.id = l.item_id and i.removed_at is null
  ) i
  limit ${RECEIVED_PAGE_SIZE}
)
select json_build_array(
  p.item_id, p.name, p.description, p.price_cents, p.thumbnail, p.purchaser_id, p.price_sold_cents, p.last_at,
  (select json_agg(json_build_array(o.id, o.price_cents, o.counter_price_cents, o.shipping_cents, o.status, o.time_accepted,
                                    o.buyer_id, u.username, u.removed_at is not null, o.region_code)
                   order by o.updated_at desc, o.id desc)
   from offers o join users u on u.id = o.buyer_id
   where o.item_id = p.item_id and o.seller_id = $1::uuid and o.status in (${RECEIVED_IN}))
)::text
from page p
order by p.last_at desc, p.item_id desc`;

export interface ReceivedPageOffer {
  id: string;
  priceCents: number;
  counterPriceCents: number | null;
  shippingCents: number;
  status: OfferStatus;
  timeAccepted: Date | null;
  buyerId: string;
  buyerName: string;
  buyerRemoved: boolean;
  regionCode: string;
  regionName: string;
}

export interface ReceivedPageGroup {
  itemId: string;
  itemName: string;
  itemDescription: string;
  itemPriceCents: number;
  itemThumbnail: string;
  itemPurchaserId: string | null;
  itemPriceSoldCents: number | null;
  lastAt: string;
  offers: ReceivedPageOffer[];
}

type PageOfferValues = [string, number, number | null, number, OfferStatus, string | null, string, string, boolean, string];

const REGION_NAMES = new Map<string, string>(REGIONS.map((r) => [r.code, r.name]));
type PageGroupValues = [string, string, string, number, string, string | null, number | null, string, PageOfferValues[] | null];

/** The page after `after` (or the first), and the reset of the seller's new-offers count. */
export async function receivedPage(db: Database, sellerId: string, after: { ts: string; id: string } | undefined): Promise<ReceivedPageGroup[]> {
  const rows = await jsonRows(db, { sql: RECEIVED_PAGE_SQL, params: [sellerId, after?.ts ?? null, after?.id ?? null] }, 'offers_received_page');
  return rows.map((values) => {
    const [itemId, itemName, itemDescription, itemPriceCents, itemThumbnail, itemPurchaserId, itemPriceSoldCents, lastAt, offerValues] =
      values as PageGroupValues;
    return {
      itemId,
      itemName,
      itemDescription,
      itemPriceCents,
      itemThumbnail,
      itemPurchaserId,
      itemPriceSoldCents,
      lastAt: isoFromJson(lastAt),
      offers: (offerValues ?? []).map(([id, priceCents, counterPriceCents, shippingCents, status, timeAccepted, buyerId, buyerName, buyerRemoved, regionCode]) => ({
        id,
        priceCents,
        counterPriceCents,
        shippingCents,
        status,
        timeAccepted: timeAccepted === null ? null : new Date(isoFromJson(timeAccepted)),
        buyerId,
        buyerName,
        buyerRemoved,
        regionCode,
        regionName: REGION_NAMES.get(regionCode) ?? regionCode,
      })),
    };
  });
}

/** Opening Offers resets the count; with nothing new it writes nothing (most opens, and every page after the first). */
export async function markOffersSeen(db: Queryable, userId: string) {
  await db.execute(sql`update ${users} u set offers_seen_at = now() where u.id = ${userId} and ${sql.raw(NEW_OFFERS_OF_U)} > 0`);
}

/** Whether the item has a payment in progress (its lock is held), for the accept and removal rules. */
export async function paymentInProgress(db: Queryable, itemId: string) {
  const [row] = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.itemId, itemId), inArray(purchases.status, ['open', 'capturing', 'capture_pending']), gt(purchases.lockedUntil, sql`now()`)));
  return Boolean(row);
}

/** The listing's payment email (the payee), which only the seller and the payment ever see. */
export async function paymentEmailOf(db: Queryable, itemId: string) {
  const [row] = await db.select({ email: items.paymentEmail }).from(items).where(eq(items.id, itemId));
  return row?.email;
}
