import { and, eq, sql } from 'drizzle-orm';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { orders, sellerRatings, tradeEvents, trades } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { member, orderRow, passTime } from '../../test/orders';
import { readOutbox } from '../../test/outbox';
import { acceptedTrade, itemRow, PROPOSER_ADDRESS, SELLER_ADDRESS, tradeOrders, type AcceptedTrade } from '../../test/trades';

/**
 * After a trade is accepted (issue 28): its two orders, shipping and receiving each side, completion, trust and
 * ratings; the cash paid through the local stand-in (unconfigured PayPal), as a user pays it.
 */
const t = useTestApp({ PUBLIC_URL: 'http://keeb.test' });

const hiddenToken = (html: string) => /name="_xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
const tradeRow = async (id: string) => (await t.db.db.select().from(trades).where(eq(trades.id, id)))[0]!;
const trustOf = async (username: string) => (await (await t.client()).get(`/api/user/${username}/profile`)).body.trust.confirmedTrades as number;

/** Both orders of a settled trade, as each party finds them. */
async function ordersOf(trade: AcceptedTrade) {
  const both = await tradeOrders(t, trade);
  return { toSeller: both.toSeller!.id, toProposer: both.toProposer!.id };
}

describe('a trade with no cash', () => {
  it('is settled at the acceptance: two orders, each listed for the right side, shipping to the receiver', async () => {
    const trade = await acceptedTrade(t, { offered: 2 });
    const { seller, proposer, item, offered, tradeId } = trade;
    expect((await tradeRow(tradeId)).settledAt).not.toBeNull();
    const ids = await ordersOf(trade);

    // What the proposer receives is under bought, what they give under sold; the same for the seller.
    const list = async (who: typeof seller, role: string) => (await who.client.get(`/api/me/orders?role=${role}`)).body;
    expect(await list(proposer, 'bought')).toEqual([
      expect.objectContaining({ _id: ids.toProposer, item: expect.objectContaining({ _id: item.id }), price: 0, shippingPrice: 0, status: 'paid', trade: { _id: tradeId }, otherUser: expect.objectContaining({ _id: seller.user.id }) }),
    ]);
    expect(await list(proposer, 'sold')).toEqual([expect.objectContaining({ _id: ids.toSeller, item: expect.objectContaining({ _id: offered[0]!.id }), trade: { _id: tradeId } })]);
    expect(await list(seller, 'bought')).toEqual([expect.objectContaining({ _id: ids.toSeller, otherUser: expect.objectContaining({ _id: proposer.user.id }) })]);
    expect(await list(seller, 'sold')).toEqual([expect.objectContaining({ _id: ids.toProposer })]);

    // Each ships to the other's saved address; the receiving side does not see an address on its order.
    const proposerShips = (await proposer.client.get(`/api/order/${ids.toSeller}`)).body;
    expect(proposerShips).toMatchObject({ role: 'seller', shipTo: SELLER_ADDRESS, actions: ['ship'] });
    expect(proposerShips.tradeSide).toEqual({
      _id: tradeId,
      status: 'accepted',
      cashToSeller: 0,
      cashToBuyer: 0,
      side: 'toSeller',
      items: offered.map((o) => ({ _id: o.id, name: o.name, thumbnail: o.thumbnail, price: 100 })),
      otherOrder: { _id: ids.toProposer, status: 'paid', late: false, shippedAt: null, receivedAt: null, items: [{ _id: item.id, name: item.name, thumbnail: item.thumbnail, price: 100 }] },
    });
    expect((await seller.client.get(`/api/order/${ids.toProposer}`)).body).toMatchObject({ role: 'seller', shipTo: PROPOSER_ADDRESS });
    const receiving = (await seller.client.get(`/api/order/${ids.toSeller}`)).body;
    expect(receiving.role).toBe('buyer');
    expect(receiving).not.toHaveProperty('shipTo');
    // Nothing to confirm before the other side ships (issue 36: a confirmed trade needs a parcel).
    expect(receiving.actions).toEqual([]);
    expect(await seller.client.post(`/api/order/${ids.toSeller}/received`)).toMatchObject({ status: 409, body: { message: 'not_shipped' } });
    expect(receiving.timeline.map((e: { kind: string }) => e.kind)).toEqual(['trade_settled']);

    // Nobody else sees the orders; logged out is 401.
    const outsider = await member(t);
    expect(await outsider.client.get(`/api/order/${ids.toSeller}`)).toMatchObject({ status: 404, body: { message: 'not_found' } });
    expect(await outsider.client.post(`/api/order/${ids.toSeller}/ship`, {})).toMatchObject({ status: 404 });
    expect((await (await t.client()).get(`/api/order/${ids.toSeller}`)).status).toBe(401);
    // The wrong side of each order: 403.
    expect(await seller.client.post(`/api/order/${ids.toSeller}/ship`, {})).toMatchObject({ status: 403, body: { message: 'forbidden' } });
    expect(await proposer.client.post(`/api/order/${ids.toSeller}/received`)).toMatchObject({ status: 403, body: { message: 'forbidden' } });

    // Both have an order to ship on their badge.
    expect((await seller.client.get('/api/me/notifications')).body.numOrdersToAct).toBe(1);
    expect((await proposer.client.get('/api/me/notifications')).body.numOrdersToAct).toBe(1);
  });

  it('completes only when both parcels are received: items traded, one confirmed trade each, both told', async () => {
    const trade = await acceptedTrade(t, { offered: 2 });
    const { seller, proposer, item, offered, tradeId } = trade;
    const ids = await ordersOf(trade);
    const trustBefore = [await trustOf(seller.user.username), await trustOf(proposer.user.username)];

    const shipped = await proposer.client.post(`/api/order/${ids.toSeller}/ship`, { trackingNumber: '9400111899223197428490' });
    expect(shipped.status).toBe(200);
    // No provider order behind a trade's order: its tracking is not sent anywhere.
    expect(await orderRow(t, ids.toSeller)).toMatchObject({ status: 'shipped', trackingSync: null });
    // With tracking: a parcel without counts as a confirmed trade only 14 days after shipping (issue 36; trust.test.ts).
    expect((await seller.client.post(`/api/order/${ids.toProposer}/ship`, { trackingNumber: '1Z999AA10123456784' })).status).toBe(200);
    expect((await seller.client.get(`/api/order/${ids.toSeller}`)).body.tradeSide.otherOrder).toMatchObject({ _id: ids.toProposer, status: 'shipped', shippedAt: expect.any(String) });
    expect((await proposer.client.get(`/api/order/${ids.toProposer}`)).body.tradeSide.otherOrder).toMatchObject({ status: 'shipped', tracking: { number: '9400111899223197428490' } });

    // One side confirmed: not complete yet, nothing traded, nobody may rate.
    const first = await seller.client.post(`/api/order/${ids.toSeller}/received`);
    expect(first.body).toMatchObject({ status: 'received', actions: [] });
    expect((await tradeRow(tradeId)).status).toBe('accepted');
    expect((await itemRow(t, item.id)).tradedAt).toBeNull();
    expect(await trustOf(seller.user.username)).toBe(trustBefore[0]);
    const early = await seller.client.post('/api/user/feedback', { sellerId: proposer.user.id, itemId: offered[0]!.id, description: 5, communication: 5, shipping: 5, comment: 'Early' });
    expect(early).toMatchObject({ status: 403, body: { message: 'forbidden' } });

    const second = await proposer.client.post(`/api/order/${ids.toProposer}/received`);
    expect(second.body).toMatchObject({ status: 'received', actions: ['rate'], tradeSide: { status: 'completed' } });
    const done = await tradeRow(tradeId);
    expect(done).toMatchObject({ status: 'completed' });
    expect(done.completedAt).not.toBeNull();

    // Every item changed hands, marked traded, without a price; each keeps its trade.
    expect(await itemRow(t, item.id)).toMatchObject({ purchaserId: proposer.user.id, priceSoldCents: null, tradeId });
    for (const o of offered) expect(await itemRow(t, o.id)).toMatchObject({ purchaserId: seller.user.id, priceSoldCents: null, tradeId });
    expect((await itemRow(t, item.id)).tradedAt).not.toBeNull();
    const page = (await (await t.client()).get(`/api/item/${item.id}`)).body.item;
    expect(page).toMatchObject({ traded: true, priceSold: null, purchaserId: proposer.user.id });
    // The owners' Sold and Purchased tabs mark the cards traded (they have no sold price to show).
    const soldCard = (await seller.client.get('/api/me/items/sold')).body.find((c: { _id: string }) => c._id === item.id);
    expect(soldCard).toMatchObject({ traded: true, priceSold: null });
    const gotCard = (await seller.client.get('/api/me/items/purchased')).body.find((c: { _id: string }) => c._id === offered[0]!.id);
    expect(gotCard).toMatchObject({ traded: true, priceSold: null });

    // One confirmed trade each, not two (its two orders do not count on their own).
    expect(await trustOf(seller.user.username)).toBe(trustBefore[0]! + 1);
    expect(await trustOf(proposer.user.username)).toBe(trustBefore[1]! + 1);
    const itemPageTrust = (await (await t.client()).get(`/api/item/${offered[0]!.id}`)).body;
    expect(JSON.stringify(itemPageTrust)).toContain('"confirmedTrades":1');

    const mails = (await readOutbox(t.config.outboxDir)).map((m) => [m.to, m.subject]);
    expect(mails).toContainEqual([proposer.user.email, `Your trade is complete: ${item.name}`]);
    expect(mails).toContainEqual([seller.user.email, `Your trade is complete: ${offered.map((o) => o.name).join(', ')}`]);
    // The order detail of the side received first offers 'rate' now too.
    expect((await seller.client.get(`/api/order/${ids.toSeller}`)).body.actions).toEqual(['rate']);
  });

  it('each side rates the other once, through the item of the order it received, not through the other listings', async () => {
    const trade = await acceptedTrade(t, { offered: 2 });
    const { seller, proposer, item, offered } = trade;
    const ids = await ordersOf(trade);
    await proposer.client.post(`/api/order/${ids.toSeller}/ship`, {});
    await seller.client.post(`/api/order/${ids.toProposer}/ship`, {});
    await seller.client.post(`/api/order/${ids.toSeller}/received`);
    await proposer.client.post(`/api/order/${ids.toProposer}/received`);

    const rating = (sellerId: string, itemId: string) => ({ sellerId, itemId, description: 5, communication: 4, shipping: 5, comment: 'Smooth trade' });
    // The seller received the proposer's listings: rated through the first (its order's item) only.
    expect(await seller.client.post('/api/user/feedback', rating(proposer.user.id, offered[1]!.id))).toMatchObject({ status: 403, body: { message: 'forbidden' } });
    expect((await seller.client.post('/api/user/feedback', rating(proposer.user.id, offered[0]!.id))).status).toBe(200);
    expect(await seller.client.post('/api/user/feedback', rating(proposer.user.id, offered[0]!.id))).toMatchObject({ status: 409, body: { message: 'already_rated' } });
    // The proposer rates the seller through the seller's item; an outsider and the wrong side cannot.
    expect(await (await member(t)).client.post('/api/user/feedback', rating(seller.user.id, item.id))).toMatchObject({ status: 403 });
    expect(await seller.client.post('/api/user/feedback', rating(seller.user.id, item.id))).toMatchObject({ status: 403, body: { message: 'own_item' } });
    expect((await (await t.client()).post('/api/user/feedback', rating(seller.user.id, item.id))).status).toBe(401);
    expect((await proposer.client.post('/api/user/feedback', rating(seller.user.id, item.id))).status).toBe(200);
    const stored = await t.db.db.select({ sellerId: sellerRatings.sellerId, buyerId: sellerRatings.buyerId }).from(sellerRatings);
    expect(stored).toEqual(expect.arrayContaining([{ sellerId: proposer.user.id, buyerId: seller.user.id }, { sellerId: seller.user.id, buyerId: proposer.user.id }]));
    expect(stored.filter((r) => [seller.user.id, proposer.user.id].includes(r.buyerId))).toHaveLength(2);
    expect((await seller.client.get(`/api/order/${ids.toSeller}`)).body.actions).toEqual([]);
  });

  it('completes by the 14-day rule when a side never confirms', async () => {
    const trade = await acceptedTrade(t);
    const { seller, proposer, tradeId } = trade;
    const ids = await ordersOf(trade);
    await proposer.client.post(`/api/order/${ids.toSeller}/ship`, {});
    await seller.client.post(`/api/order/${ids.toProposer}/ship`, {});
    await proposer.client.post(`/api/order/${ids.toProposer}/received`);
    expect((await tradeRow(tradeId)).status).toBe('accepted');
    await passTime(t, ids.toSeller, 13 * 24);
    expect((await orderRow(t, ids.toSeller)).status).toBe('shipped');
    await passTime(t, ids.toSeller, 24 + 1);
    expect(await orderRow(t, ids.toSeller)).toMatchObject({ status: 'received', autoReceived: true });
    expect((await tradeRow(tradeId)).status).toBe('completed');
    expect((await itemRow(t, trade.offered[0]!.id)).purchaserId).toBe(seller.user.id);
  });

  it('two confirmations at once complete the trade exactly once', async () => {
    const trade = await acceptedTrade(t);
    const ids = await ordersOf(trade);
    await trade.proposer.client.post(`/api/order/${ids.toSeller}/ship`, {});
    await trade.seller.client.post(`/api/order/${ids.toProposer}/ship`, {});
    const [a, b] = await Promise.all([trade.seller.client.post(`/api/order/${ids.toSeller}/received`), trade.proposer.client.post(`/api/order/${ids.toProposer}/received`)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await tradeRow(trade.tradeId)).status).toBe('completed');
    const history = await t.db.db.select().from(tradeEvents).where(and(eq(tradeEvents.tradeId, trade.tradeId), eq(tradeEvents.transition, 'completed')));
    expect(history).toHaveLength(1);
    expect(await itemRow(t, trade.item.id)).toMatchObject({ purchaserId: trade.proposer.user.id });
  });

  it('keeps traded items out of the sold-price history', async () => {
    const trade = await acceptedTrade(t);
    const ids = await ordersOf(trade);
    await trade.proposer.client.post(`/api/order/${ids.toSeller}/ship`, {});
    await trade.seller.client.post(`/api/order/${ids.toProposer}/ship`, {});
    await trade.seller.client.post(`/api/order/${ids.toSeller}/received`);
    await trade.proposer.client.post(`/api/order/${ids.toProposer}/received`);
    expect((await tradeRow(trade.tradeId)).status).toBe('completed');
    const res = await (await t.client()).get(`/api/items/price-history?q=${encodeURIComponent('Olivia')}`);
    expect(res.body.count).toBe(0);
  });
});

describe('the cash through the local stand-in', () => {
  it('Pay Now returns to the Trades tab, processing settles the trade; Cancel returns marked as cancelled', async () => {
    const trade = await acceptedTrade(t, { cash: { cashToSeller: 40 } });
    const { proposer, tradeId } = trade;
    const { redirectUrl } = (await proposer.client.post(`/api/trade/${tradeId}/pay`)).body as { redirectUrl: string };
    expect(redirectUrl).toMatch(/^\/api\/payment\/local\/approve\//);
    const page = await proposer.client.get(redirectUrl);
    expect(page.text).toContain('seller-pay@example.test');
    expect(page.text).toContain('$40 USD');
    const press = (url: string, html: string, action: string) =>
      supertest(t.app).post(url).set('Cookie', proposer.client.cookie).type('form').send(new URLSearchParams({ _xsrf: hiddenToken(html), action }).toString());

    const cancelled = await press(redirectUrl, page.text, 'cancel');
    expect(cancelled.headers.location).toBe(`http://keeb.test/me/offers?tab=trades&trade=${tradeId}&payment=cancelled`);
    expect((await proposer.client.post('/api/payment/item/cancel', { _id: tradeId })).status).toBe(200);

    const again = (await proposer.client.post(`/api/trade/${tradeId}/pay`)).body.redirectUrl as string;
    const againPage = await proposer.client.get(again);
    const paid = await press(again, againPage.text, 'pay');
    const back = new URL(paid.headers.location ?? '');
    expect(`${back.origin}${back.pathname}${back.search.split('&token')[0]}`).toBe(`http://keeb.test/me/offers?tab=trades&trade=${tradeId}`);
    const orderId = back.searchParams.get('token')!;
    expect((await proposer.client.post('/api/payment/item/process', { orderId })).body).toMatchObject({ status: 'COMPLETED', priceSold: 40 });
    expect((await tradeRow(tradeId)).settledAt).not.toBeNull();
    const rows = await t.db.db.select().from(orders).where(eq(orders.tradeId, tradeId));
    expect(rows).toHaveLength(2);
    // The trade's orders carry no price of their own: the cash was the trade's.
    expect((await proposer.client.get(`/api/order/${rows[0]!.id}`)).body).toMatchObject({ price: 0, shippingPrice: 0, tradeSide: { cashToSeller: 40, cashToBuyer: 0 } });
    expect(await t.db.db.execute(sql`select count(*)::int as n from karma_ledger where subject_id = ${trade.item.id}`)).toMatchObject({ rows: [{ n: 0 }] });
  });
});
