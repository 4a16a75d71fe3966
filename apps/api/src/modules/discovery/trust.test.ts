import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Trust } from '@keeb/shared';
import { orders, redditLinks, trades, users } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createItem, createUser } from '../../test/factories';
import { hoursAgo, insertOrder, openProblem, replied } from './trust-orders';

const t = useTestApp();
const minutes = (m: number) => m * 60_000;

async function trustOf(username: string): Promise<Trust> {
  const res = await (await t.client()).get(`/api/user/${username}/profile`);
  expect(res.status).toBe(200);
  return res.body.trust as Trust;
}

describe('the trust panel on GET /api/user/:username/profile', () => {
  it('answers a new member with nothing to show yet, the same for every viewer', async () => {
    const user = await createUser(t.db.db);
    const trust = await trustOf(user.username);
    expect(trust).toEqual({
      memberSince: user.createdAt.toISOString(),
      confirmedTrades: 0,
      shippedOnTime: { share: null, orders: 0 },
      replyMinutes: null,
      emailVerified: false,
      phoneVerified: false,
      openProblems: 0,
    });
    const own = await (await t.clientAs(user.id)).get(`/api/user/${user.username}/profile`);
    expect(own.body.trust).toEqual(trust);
  });

  it('says whether the email and the phone are verified', async () => {
    const user = await createUser(t.db.db, { emailConfirmedAt: new Date(), phone: '+15555550100', phoneVerifiedAt: new Date() });
    expect(await trustOf(user.username)).toMatchObject({ emailVerified: true, phoneVerified: true });
    const half = await createUser(t.db.db, { emailConfirmedAt: new Date(), phone: '+15555550101' });
    expect(await trustOf(half.username)).toMatchObject({ emailVerified: true, phoneVerified: false });
  });

  it('counts orders received for both sides, apart from the forum and the transactions count', async () => {
    const [seller, buyer, other] = [await createUser(t.db.db), await createUser(t.db.db), await createUser(t.db.db)];
    await t.db.db.insert(redditLinks).values({ userId: seller.id, redditUsername: `r_${seller.username}`, redditJoinedAt: new Date('2016-01-01T00:00:00Z'), transferredCount: 40 });
    await insertOrder(t.db.db, seller.id, buyer.id, { status: 'received', shippedAt: hoursAgo(20) });
    await insertOrder(t.db.db, seller.id, buyer.id, { status: 'received', shippedAt: null });
    // Not (yet) confirmed: paid, shipped, a problem, refunded.
    await insertOrder(t.db.db, seller.id, buyer.id, { status: 'paid' });
    await insertOrder(t.db.db, seller.id, buyer.id, { status: 'shipped', shippedAt: hoursAgo(2) });
    await insertOrder(t.db.db, seller.id, other.id, { status: 'problem', shippedAt: hoursAgo(2) });
    await insertOrder(t.db.db, seller.id, other.id, { status: 'refunded' });
    // The seller bought once too.
    await insertOrder(t.db.db, other.id, seller.id, { status: 'received', shippedAt: hoursAgo(30) });

    const res = await (await t.client()).get(`/api/user/${seller.username}/profile`);
    expect(res.body.trust.confirmedTrades).toBe(3);
    // transactions keeps its meaning: platform sales (6 sold listings) plus the 40 transferred from the forum.
    expect(res.body.transactions).toBe(46);
    expect(res.body.reddit.transactions.count).toBe(40);
    expect((await trustOf(buyer.username)).confirmedTrades).toBe(2);
    expect((await trustOf(other.username)).confirmedTrades).toBe(1);
  });

  it('issue 36: counts only orders shipped before they were received, and trades whose parcels both shipped', async () => {
    const [seller, buyer, proposer] = [await createUser(t.db.db), await createUser(t.db.db), await createUser(t.db.db)];
    // Received without ever being marked shipped (what the receipt before shipping allowed): no parcel, no trade.
    await insertOrder(t.db.db, seller.id, buyer.id, { status: 'received', shippedAt: null, receivedAt: hoursAgo(1) });
    expect((await trustOf(seller.username)).confirmedTrades).toBe(0);
    expect((await trustOf(buyer.username)).confirmedTrades).toBe(0);
    await insertOrder(t.db.db, seller.id, buyer.id, { status: 'received', shippedAt: hoursAgo(20) });
    expect((await trustOf(seller.username)).confirmedTrades).toBe(1);
    expect((await trustOf(buyer.username)).confirmedTrades).toBe(1);
    // A trade completed with a side received unshipped counts for neither; with both shipped, for both.
    for (const shipped of [false, true]) {
      const item = await createItem(t.db.db, seller.id, { purchaserId: proposer.id });
      const offered = await createItem(t.db.db, proposer.id, { purchaserId: seller.id });
      const at = hoursAgo(5);
      const [trade] = await t.db.db.insert(trades).values({ itemId: item.id, sellerId: seller.id, proposerId: proposer.id, status: 'completed', acceptedAt: at, settledAt: at, completedAt: at }).returning();
      for (const [itemId, from, to] of [[item.id, seller.id, proposer.id], [offered.id, proposer.id, seller.id]] as const) {
        await t.db.db.insert(orders).values({
          tradeId: trade!.id, itemId, sellerId: from, buyerId: to, status: 'received', paidAt: at, shipBy: hoursAgo(-60),
          shippedAt: shipped || itemId === offered.id ? hoursAgo(4) : null, trackingNumber: shipped || itemId === offered.id ? '9400111899223197428490' : null,
          receivedAt: hoursAgo(1), closedAt: hoursAgo(1),
        });
      }
    }
    expect((await trustOf(seller.username)).confirmedTrades).toBe(2);
    expect((await trustOf(proposer.username)).confirmedTrades).toBe(1);
  });

  it('issue 36: a parcel shipped without tracking counts once the 14 days after shipping have passed', async () => {
    const [seller, buyer] = [await createUser(t.db.db), await createUser(t.db.db)];
    await insertOrder(t.db.db, seller.id, buyer.id, { status: 'received', shippedAt: hoursAgo(20), trackingNumber: null });
    expect((await trustOf(seller.username)).confirmedTrades).toBe(0);
    expect((await trustOf(buyer.username)).confirmedTrades).toBe(0);
    await insertOrder(t.db.db, seller.id, buyer.id, { status: 'received', shippedAt: hoursAgo(14 * 24 + 1), trackingNumber: null });
    expect((await trustOf(seller.username)).confirmedTrades).toBe(1);
    await insertOrder(t.db.db, seller.id, buyer.id, { status: 'received', shippedAt: hoursAgo(20), trackingNumber: '1Z999AA10123456784' });
    expect((await trustOf(seller.username)).confirmedTrades).toBe(2);
    expect((await trustOf(buyer.username)).confirmedTrades).toBe(2);
  });

  it('gives the on-time share of orders due from 3 on: shipped by ship_by, late when shipped after or still unshipped past it', async () => {
    const [seller, buyer] = [await createUser(t.db.db), await createUser(t.db.db)];
    const paid = hoursAgo(200);
    // Two on time (one already received), one shipped late.
    await insertOrder(t.db.db, seller.id, buyer.id, { status: 'shipped', paidAt: paid, shippedAt: hoursAgo(190) });
    expect((await trustOf(seller.username)).shippedOnTime).toEqual({ share: null, orders: 1 });
    await insertOrder(t.db.db, seller.id, buyer.id, { status: 'received', paidAt: paid, shippedAt: hoursAgo(129) });
    expect((await trustOf(seller.username)).shippedOnTime).toEqual({ share: null, orders: 2 });
    await insertOrder(t.db.db, seller.id, buyer.id, { status: 'shipped', paidAt: paid, shippedAt: hoursAgo(100) });
    expect((await trustOf(seller.username)).shippedOnTime).toEqual({ share: 2 / 3, orders: 3 });
    // Unshipped past ship_by (awaiting shipment, or a problem reported for it): due, and late.
    await insertOrder(t.db.db, seller.id, buyer.id, { status: 'paid', paidAt: hoursAgo(73) });
    await insertOrder(t.db.db, seller.id, buyer.id, { status: 'problem', paidAt: hoursAgo(100) });
    expect((await trustOf(seller.username)).shippedOnTime).toEqual({ share: 2 / 5, orders: 5 });
    // Not due: still within its 72 hours; refunded before shipping; received with no shipping time (sales from
    // before orders, backfilled as received).
    await insertOrder(t.db.db, seller.id, buyer.id, { status: 'paid', paidAt: hoursAgo(71) });
    await insertOrder(t.db.db, seller.id, buyer.id, { status: 'refunded', paidAt: hoursAgo(100) });
    await insertOrder(t.db.db, seller.id, buyer.id, { status: 'received', paidAt: hoursAgo(1000), shippedAt: null });
    expect((await trustOf(seller.username)).shippedOnTime).toEqual({ share: 2 / 5, orders: 5 });
    // A refund after shipping keeps the shipment's timing.
    await insertOrder(t.db.db, seller.id, buyer.id, { status: 'refunded', paidAt: paid, shippedAt: hoursAgo(150) });
    expect((await trustOf(seller.username)).shippedOnTime).toEqual({ share: 3 / 6, orders: 6 });
    // The buyer's side has nothing due.
    expect((await trustOf(buyer.username)).shippedOnTime).toEqual({ share: null, orders: 0 });
  });

  it('usually replies within: the median first reply of the last 90 days, in minutes rounded up', async () => {
    const user = await createUser(t.db.db);
    const other = async () => (await createUser(t.db.db)).id;
    expect((await trustOf(user.username)).replyMinutes).toBeNull();
    const at = (ago: number, after: number) => [new Date(Date.now() - ago), new Date(Date.now() - ago + after)] as const;
    await replied(t.db.db, user.id, await other(), ...at(minutes(600), 20_000));
    // Under a minute still reads 'within 1 minute'.
    expect((await trustOf(user.username)).replyMinutes).toBe(1);
    await replied(t.db.db, user.id, await other(), ...at(minutes(600), minutes(29) + 10_000));
    await replied(t.db.db, user.id, await other(), ...at(minutes(600), minutes(180)));
    expect((await trustOf(user.username)).replyMinutes).toBe(30);
    // Left out: a conversation never answered, and one first received more than 90 days ago.
    await replied(t.db.db, user.id, await other(), new Date(Date.now() - minutes(60)), null);
    await replied(t.db.db, user.id, await other(), ...at(91 * 24 * minutes(60), minutes(5)));
    expect((await trustOf(user.username)).replyMinutes).toBe(30);
    // An even count: the median is the mean of the middle two (30 and 180 minutes: 105).
    await replied(t.db.db, user.id, await other(), ...at(minutes(900), minutes(300)));
    expect((await trustOf(user.username)).replyMinutes).toBe(105);
  });

  it('counts the open problems on orders the user sold, not those resolved or on what they bought', async () => {
    const [seller, buyer] = [await createUser(t.db.db), await createUser(t.db.db)];
    const a = await insertOrder(t.db.db, seller.id, buyer.id, { status: 'problem', shippedAt: hoursAgo(5) });
    const b = await insertOrder(t.db.db, seller.id, buyer.id, { status: 'shipped', shippedAt: hoursAgo(5) });
    const c = await insertOrder(t.db.db, buyer.id, seller.id, { status: 'problem', shippedAt: hoursAgo(5) });
    await openProblem(t.db.db, a.id, buyer.id);
    await openProblem(t.db.db, b.id, buyer.id, true);
    await openProblem(t.db.db, c.id, seller.id);
    expect((await trustOf(seller.username)).openProblems).toBe(1);
    expect((await trustOf(buyer.username)).openProblems).toBe(1);
  });
});

describe("the trust panel in the item page's seller block", () => {
  it("carries the seller's figures as the profile gives them, and none for a removed seller", async () => {
    const [seller, buyer] = [await createUser(t.db.db, { emailConfirmedAt: new Date() }), await createUser(t.db.db)];
    await insertOrder(t.db.db, seller.id, buyer.id, { status: 'received', shippedAt: hoursAgo(20) });
    await replied(t.db.db, seller.id, buyer.id, new Date(Date.now() - minutes(100)), new Date(Date.now() - minutes(90)));
    const item = await createItem(t.db.db, seller.id);
    const anon = await t.client();
    const page = await anon.get(`/api/item/${item.id}`);
    expect(page.status).toBe(200);
    const profile = await trustOf(seller.username);
    expect(profile).toMatchObject({ confirmedTrades: 1, replyMinutes: 10, emailVerified: true, shippedOnTime: { share: null, orders: 1 } });
    expect(page.body.item.sellerId.trust).toEqual(profile);

    await t.db.db.update(users).set({ removedAt: new Date() }).where(eq(users.id, seller.id));
    const gone = await anon.get(`/api/item/${item.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body.item.sellerId).toMatchObject({ username: 'User Not Found' });
    expect(gone.body.item.sellerId).not.toHaveProperty('trust');
  });
});
