import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { items, offers, orders, purchases, trades, users } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { paidOrder, SAMPLE_ADDRESS } from '../../test/orders';
import { readOutbox } from '../../test/outbox';
import { approvedCheckout, listing, proposedTrade, trader, tradeRow } from '../trades/test-world';
import { hashPassword } from './passwords';

/**
 * Issue 36, probe findings 3 and 4: an account with money or a parcel still in play cannot be removed (409 with
 * what is open and a link to each); what is merely proposed closes on removal, the other side told; and what is
 * personal is erased in the removal's own transaction.
 */
const t = useTestApp({ PUBLIC_URL: 'http://keeb.test' });
const PASSWORD = 'correct horse';

const removable = async () => trader(t, { passwordHash: await hashPassword(PASSWORD), phone: `+1555${Math.floor(Math.random() * 1e7)}`, phoneVerifiedAt: new Date() });
const remove = (who: { client: { post: (url: string, body?: object) => Promise<{ status: number; body: any }> } }) => who.client.post('/api/me/remove', { password: PASSWORD });
const userRow = async (id: string) => (await t.db.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('POST /api/me/remove with deals in play', () => {
  it('a seller in an accepted trade is refused (409 open_deals, the trade and its link), nothing moves; once the trade is over the removal goes', async () => {
    const seller = await removable();
    const deal = await proposedTrade(t, { seller, cash: { cashToSeller: 5 } });
    expect((await seller.client.post(`/api/trade/${deal.tradeId}/accept`)).status).toBe(200);
    const item = (await t.db.db.select({ name: items.name }).from(items).where(eq(items.id, deal.itemId)))[0]!;

    const refused = await remove(seller);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: 'open_deals',
      open: [{ kind: 'trade', id: deal.tradeId, itemId: deal.itemId, itemName: item.name, link: `/me/offers?tab=trades&item=${deal.tradeId}` }],
    });
    // Nothing moved: still signed in, still theirs, the trade still accepted.
    expect((await seller.client.get('/api/me/logged-in')).body.isLoggedIn).toBe(true);
    expect((await userRow(seller.user.id)).removedAt).toBeNull();
    expect((await tradeRow(t, deal.tradeId)).status).toBe('accepted');
    expect((await t.db.db.select({ removedAt: items.removedAt }).from(items).where(eq(items.id, deal.itemId)))[0]?.removedAt).toBeNull();

    // The proposer calls it off: nothing is open any more, the removal goes through.
    expect((await deal.proposer.client.post(`/api/trade/${deal.tradeId}/cancel`)).status).toBe(200);
    expect(await remove(seller)).toMatchObject({ status: 200, body: { ok: true } });
    // And no cash can be started towards the removed account afterwards.
    expect((await deal.proposer.client.post(`/api/trade/${deal.tradeId}/pay`)).status).toBe(409);
  });

  it('an unpaid accepted offer (either side), a checkout in progress (either side) and an order not yet received (either side) are each listed', async () => {
    // The buyer of an accepted offer, and its seller.
    const offerBuyer = await removable();
    const offerSeller = await removable();
    const offered = await listing(t, offerSeller, { isFixedPrice: false });
    const offer = await offerBuyer.client.post('/api/offer', { itemId: offered.id, offerPrice: '80', offerShippingPrice: 0 });
    expect((await offerSeller.client.post(`/api/offer/${offer.body._id}/accept`, { itemId: offered.id })).status).toBe(200);
    expect((await remove(offerBuyer)).body).toMatchObject({ message: 'open_deals', open: [{ kind: 'offer', id: offer.body._id, itemId: offered.id, link: `/me/offers?tab=sent&item=${offer.body._id}` }] });
    expect((await remove(offerSeller)).body).toMatchObject({ message: 'open_deals', open: [{ kind: 'offer', id: offer.body._id, itemId: offered.id, link: `/me/offers?tab=received&item=${offer.body._id}` }] });

    // A checkout: the buyer at the provider, and the seller whose item it holds.
    const checkoutBuyer = await removable();
    const checkoutSeller = await removable();
    const bought = await listing(t, checkoutSeller);
    expect((await approvedCheckout(t, checkoutBuyer, bought.id)).created.status).toBe(200);
    const [purchase] = await t.db.db.select({ id: purchases.id }).from(purchases).where(eq(purchases.itemId, bought.id));
    for (const who of [checkoutBuyer, checkoutSeller]) {
      expect((await remove(who)).body).toEqual({ message: 'open_deals', open: [{ kind: 'checkout', id: purchase!.id, itemId: bought.id, itemName: bought.name, link: `/detail/${bought.id}` }] });
    }

    // An order paid and not yet received: both sides wait for the parcel.
    const orderBuyer = await removable();
    const orderSeller = await removable();
    const { orderId, item } = await paidOrder(t, { buyer: orderBuyer, seller: orderSeller });
    for (const who of [orderBuyer, orderSeller]) {
      expect((await remove(who)).body).toEqual({ message: 'open_deals', open: [{ kind: 'order', id: orderId, itemId: item.id, itemName: item.name, link: `/me/orders/${orderId}` }] });
    }
    for (const who of [offerBuyer, offerSeller, checkoutBuyer, checkoutSeller, orderBuyer, orderSeller]) expect((await userRow(who.user.id)).removedAt).toBeNull();

    // Received: the order is over, and the buyer may go.
    await t.db.db.update(orders).set({ status: 'received', receivedAt: new Date(), closedAt: new Date() }).where(eq(orders.id, orderId));
    expect((await remove(orderBuyer)).status).toBe(200);
  });

  it("closes what was only proposed: trades on and with the account's listings (item_removed), offers on its listings and its own offers; the other side is told", async () => {
    const user = await removable();
    const other = await trader(t);
    // A trade proposed to the user, and one the user proposed.
    const toUser = await proposedTrade(t, { seller: user, proposer: other });
    const byUser = await proposedTrade(t, { seller: other, proposer: user });
    // An offer on the user's listing, and the user's own offer on someone else's.
    const mine = await listing(t, user, { isFixedPrice: false });
    const theirs = await listing(t, other, { isFixedPrice: false });
    const onMine = await other.client.post('/api/offer', { itemId: mine.id, offerPrice: '70', offerShippingPrice: 0 });
    const onTheirs = await user.client.post('/api/offer', { itemId: theirs.id, offerPrice: '60', offerShippingPrice: 0 });
    expect([onMine.status, onTheirs.status]).toEqual([200, 200]);

    expect((await remove(user)).status).toBe(200);
    for (const id of [toUser.tradeId, byUser.tradeId]) expect(await tradeRow(t, id)).toMatchObject({ status: 'cancelled', closedReason: 'item_removed' });
    const offerStatus = async (id: string) => (await t.db.db.select({ status: offers.status }).from(offers).where(eq(offers.id, id)))[0]?.status;
    expect(await offerStatus(onMine.body._id)).toBe('closed');
    expect(await offerStatus(onTheirs.body._id)).toBe('removed');
    const mails = (await readOutbox(t.config.outboxDir)).filter((m) => m.to === other.user.email);
    expect(mails.filter((m) => m.subject.startsWith('Trade closed')).length).toBe(2);
    expect(mails.some((m) => m.text.includes(mine.name))).toBe(true);
    // The other side's trades list no longer shows them waiting.
    const open = await t.db.db.select({ id: trades.id }).from(trades).where(eq(trades.status, 'pending'));
    expect(open).toEqual([]);
  });
});

describe('POST /api/me/remove racing an acceptance', () => {
  it('never ends with the account removed and its trade accepted, whichever commits first', async () => {
    for (let round = 0; round < 4; round++) {
      const seller = await removable();
      const deal = await proposedTrade(t, { seller, cash: { cashToSeller: 5 } });
      const [accepted, removed] = await Promise.all([seller.client.post(`/api/trade/${deal.tradeId}/accept`), remove(seller)]);
      const trade = await tradeRow(t, deal.tradeId);
      const gone = (await userRow(seller.user.id)).removedAt !== null;
      expect(gone && trade.status === 'accepted').toBe(false);
      // Exactly one of them went through.
      expect([accepted.status, removed.status].filter((s) => s === 200)).toHaveLength(1);
    }
  });
});

describe('POST /api/me/remove erases what is personal (finding 4)', () => {
  it('the mailing address, phone, region and away date go in the same transaction as the removal', async () => {
    const user = await removable();
    await t.db.db.update(users).set({ awayUntil: new Date(Date.now() + 86_400_000), bio: 'hi' }).where(eq(users.id, user.user.id));
    expect((await userRow(user.user.id)).mailingAddress).toEqual(SAMPLE_ADDRESS);
    expect((await remove(user)).status).toBe(200);
    expect(await userRow(user.user.id)).toMatchObject({ mailingAddress: null, phone: null, phoneVerifiedAt: null, shippingRegionCode: null, awayUntil: null, bio: '' });
  });

  it("a refused removal erases nothing; a buyer's closed order keeps its ship-to for the seller (the 90 days of issue 26)", async () => {
    const buyer = await removable();
    const { orderId } = await paidOrder(t, { buyer });
    const old = await paidOrder(t, { buyer });
    const longAgo = new Date(Date.now() - 100 * 86_400_000);
    await t.db.db.update(orders).set({ status: 'received', receivedAt: longAgo, closedAt: longAgo }).where(eq(orders.id, old.orderId));
    expect((await remove(buyer)).status).toBe(409);
    expect((await userRow(buyer.user.id)).mailingAddress).toEqual(SAMPLE_ADDRESS);
    await t.db.db.update(orders).set({ status: 'received', receivedAt: new Date(), closedAt: new Date() }).where(eq(orders.id, orderId));
    expect((await remove(buyer)).status).toBe(200);
    expect((await userRow(buyer.user.id)).mailingAddress).toBeNull();
    expect((await t.db.db.select({ shipTo: orders.shipTo }).from(orders).where(eq(orders.id, orderId)))[0]?.shipTo).toEqual(SAMPLE_ADDRESS);
    // Closed over 90 days ago: nobody is shown it any more, so nothing of it is kept.
    expect((await t.db.db.select({ shipTo: orders.shipTo }).from(orders).where(eq(orders.id, old.orderId)))[0]?.shipTo).toBeNull();

    // The one still kept goes when its 90 days pass: a job is queued for then.
    const jobs = (await t.db.db.execute(sql`select start_after as "startAfter" from pgboss.job where name = 'removed-ship-to' and data->>'userId' = ${buyer.user.id}`)) as unknown as { rows: { startAfter: Date }[] };
    expect(jobs.rows).toHaveLength(1);
    const days = (new Date(jobs.rows[0]!.startAfter).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThan(90.1);
    // Time passes: the order closed 91 days ago, the job is due.
    const past = new Date(Date.now() - 91 * 86_400_000);
    await t.db.db.update(orders).set({ receivedAt: past, closedAt: past }).where(eq(orders.id, orderId));
    await t.db.db.execute(sql`update pgboss.job set start_after = now() - interval '1 second' where name = 'removed-ship-to' and state = 'created'`);
    await t.jobs.drain();
    expect((await t.db.db.select({ shipTo: orders.shipTo }).from(orders).where(eq(orders.id, orderId)))[0]?.shipTo).toBeNull();
  });

  it('logged out: 401, nothing erased', async () => {
    const user = await removable();
    expect((await (await t.client()).post('/api/me/remove', { password: PASSWORD })).status).toBe(401);
    expect((await userRow(user.user.id)).mailingAddress).toEqual(SAMPLE_ADDRESS);
  });
});
