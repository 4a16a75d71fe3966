import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { karmaLedger, orders, purchases, trades, users } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { startFakePayPal } from '../../test/fakes/paypal';
import { member, orderRow } from '../../test/orders';
import { readOutbox } from '../../test/outbox';
import { collect, useRealtime } from '../../test/realtime';
import { acceptedTrade, itemRow, PROPOSER_ADDRESS, SELLER_ADDRESS, tradeOrders } from '../../test/trades';

/** The cash part of a trade through the fake PayPal Orders v2 server (issue 28). */
const paypal = await startFakePayPal();
afterAll(() => paypal.close());
const t = useTestApp(() => ({ ...paypal.env, PUBLIC_URL: 'http://keeb.test' }));
const rt = useRealtime(t, { appUrl: 'http://keeb.test' });

beforeEach(() => {
  paypal.createIssue = undefined;
  paypal.captureIssue = undefined;
  paypal.captureStatus = 'COMPLETED';
  paypal.serverError.clear();
});

const tokenOf = (redirectUrl: string) => new URL(redirectUrl).searchParams.get('token')!;
const tradeRow = async (id: string) => (await t.db.db.select().from(trades).where(eq(trades.id, id)))[0]!;
const tradePurchases = (tradeId: string) => t.db.db.select().from(purchases).where(eq(purchases.tradeId, tradeId));

const HEADERS = { 'PAYPAL-AUTH-ALGO': 'SHA256withRSA', 'PAYPAL-CERT-URL': 'https://api.paypal.com/cert', 'PAYPAL-TRANSMISSION-ID': 'tx-1', 'PAYPAL-TRANSMISSION-SIG': 'sig' };
async function deliver(event: object) {
  let request = (await t.client()).post('/api/payment/webhook', event);
  for (const [k, v] of Object.entries({ ...HEADERS, 'PAYPAL-TRANSMISSION-TIME': new Date().toISOString() })) request = request.set(k, v);
  expect((await request).status).toBe(200);
  await t.jobs.drain();
}

describe('POST /api/trade/:id/pay', () => {
  it('the proposer adding cash pays the seller through PayPal; the capture opens both orders and sells nothing', async () => {
    const trade = await acceptedTrade(t, { cash: { cashToSeller: 40 } });
    const { seller, proposer, item, offered, tradeId } = trade;

    // Only the payer may pay: the seller 403, an outsider 404, logged out 401; nothing is opened.
    expect(await seller.client.post(`/api/trade/${tradeId}/pay`)).toMatchObject({ status: 403, body: { message: 'forbidden' } });
    expect(await (await member(t)).client.post(`/api/trade/${tradeId}/pay`)).toMatchObject({ status: 404, body: { message: 'not_found' } });
    expect((await (await t.client()).post(`/api/trade/${tradeId}/pay`)).status).toBe(401);
    expect(await proposer.client.post('/api/trade/not-a-trade/pay')).toMatchObject({ status: 404, body: { message: 'not_found' } });
    expect(await tradePurchases(tradeId)).toEqual([]);

    const paid = await proposer.client.post(`/api/trade/${tradeId}/pay`);
    expect(paid.status).toBe(200);
    const token = tokenOf(paid.body.redirectUrl);
    const request = paypal.orders.get(token)!.request;
    const unit = request.purchase_units![0]!;
    expect(unit.amount).toMatchObject({ currency_code: 'USD', value: '40.00', breakdown: { item_total: { value: '40.00' }, shipping: { value: '0.00' } } });
    expect(unit.payee).toEqual({ email_address: 'seller-pay@example.test' });
    expect(JSON.stringify(request.payment_source)).toContain(`http://keeb.test/me/offers?tab=trades&trade=${tradeId}`);
    expect(JSON.stringify(request.payment_source)).toContain(`trade=${tradeId}&payment=cancelled`);
    expect(await tradePurchases(tradeId)).toMatchObject([{ itemId: item.id, buyerId: proposer.user.id, sellerId: seller.user.id, itemCents: 4000, shippingCents: 0, status: 'open' }]);
    // The trade holds the item, not a checkout: it never reads Payment Pending.
    expect((await itemRow(t, item.id)).paymentStatus).toBe('none');
    // Asked again while the checkout is open: the same approval page.
    expect((await proposer.client.post(`/api/trade/${tradeId}/pay`)).body).toEqual(paid.body);

    paypal.approve(token);
    const sellerUpdates = collect(await rt.open(seller.client.cookie), 'orderUpdate');
    const sellerCounts = collect(await rt.open(seller.client.cookie), 'counts');
    const processed = await proposer.client.post('/api/payment/item/process', { orderId: token });
    expect(processed.body).toEqual({ status: 'COMPLETED', itemId: item.id, priceSold: 40 });
    expect((await tradeRow(tradeId)).settledAt).not.toBeNull();
    expect(await tradePurchases(tradeId)).toMatchObject([{ status: 'captured' }]);

    const both = await tradeOrders(t, trade);
    expect(both.count).toBe(2);
    expect(both.toSeller).toMatchObject({ sellerId: proposer.user.id, buyerId: seller.user.id, status: 'paid', shipTo: SELLER_ADDRESS });
    expect(both.toProposer).toMatchObject({ sellerId: seller.user.id, buyerId: proposer.user.id, status: 'paid', shipTo: PROPOSER_ADDRESS });
    expect(both.toProposer!.shipBy.getTime() - both.toProposer!.paidAt.getTime()).toBe(72 * 3_600_000);
    // The seller's open tab hears their part is to ship, and their orders badge moves.
    await expect.poll(() => sellerUpdates.at(-1)).toEqual({ orderId: both.toProposer!.id, item: { _id: item.id, name: item.name, thumbnail: item.thumbnail }, status: 'paid', text: `Your trade is settled: please ship ${item.name}.` });
    await expect.poll(() => sellerCounts.at(-1)?.numOrdersToAct).toBe(1);

    // No sale: nothing sold, no karma, no sale mails; a 'ship your part' mail to each side.
    expect(await itemRow(t, item.id)).toMatchObject({ purchaserId: null, priceSoldCents: null, tradeId });
    expect(await itemRow(t, offered[0]!.id)).toMatchObject({ purchaserId: null, tradeId });
    expect(await t.db.db.select().from(karmaLedger).where(eq(karmaLedger.userId, seller.user.id))).toEqual([]);
    const mails = (await readOutbox(t.config.outboxDir)).map((m) => [m.to, m.subject]);
    expect(mails).toContainEqual([proposer.user.email, `Ship your part of the trade: ${offered[0]!.name}`]);
    expect(mails).toContainEqual([seller.user.email, `Ship your part of the trade: ${item.name}`]);
    expect(mails.some(([, subject]) => subject!.startsWith('You sold'))).toBe(false);

    // Paid: paying again is refused, and processing again changes nothing.
    expect(await proposer.client.post(`/api/trade/${tradeId}/pay`)).toMatchObject({ status: 409, body: { message: 'invalid_state' } });
    expect((await proposer.client.post('/api/payment/item/process', { orderId: token })).body).toEqual(processed.body);
    expect(paypal.callsTo('capture').filter((c) => c.path.includes(token))).toHaveLength(1);
    expect((await t.db.db.select().from(orders).where(eq(orders.tradeId, tradeId)))).toHaveLength(2);
  });

  it('the seller pays the cash the proposer asked for, to the payment email of the first offered listing', async () => {
    const trade = await acceptedTrade(t, { offered: 2, cash: { cashToBuyer: 25.5 } });
    const { seller, proposer, offered, tradeId } = trade;
    expect(await proposer.client.post(`/api/trade/${tradeId}/pay`)).toMatchObject({ status: 403, body: { message: 'forbidden' } });
    const paid = await seller.client.post(`/api/trade/${tradeId}/pay`);
    expect(paid.status).toBe(200);
    const token = tokenOf(paid.body.redirectUrl);
    expect(paypal.orders.get(token)!.request.purchase_units![0]!.payee).toEqual({ email_address: 'proposer-pay@example.test' });
    expect(await tradePurchases(tradeId)).toMatchObject([{ itemId: offered[0]!.id, buyerId: seller.user.id, sellerId: proposer.user.id, itemCents: 2550 }]);
    paypal.approve(token);
    expect((await seller.client.post('/api/payment/item/process', { orderId: token })).body).toMatchObject({ status: 'COMPLETED' });
    expect((await tradeOrders(t, trade)).count).toBe(2);
  });

  it('refuses an unconfirmed email, a trade not accepted, and a trade with no cash owed', async () => {
    const trade = await acceptedTrade(t, { cash: { cashToSeller: 10 } });
    await t.db.db.update(users).set({ emailConfirmedAt: null }).where(eq(users.id, trade.proposer.user.id));
    expect(await trade.proposer.client.post(`/api/trade/${trade.tradeId}/pay`)).toMatchObject({ status: 403, body: { message: 'confirm_email' } });
    expect(await tradePurchases(trade.tradeId)).toEqual([]);

    // No cash: settled at the acceptance already.
    const free = await acceptedTrade(t);
    expect(await free.proposer.client.post(`/api/trade/${free.tradeId}/pay`)).toMatchObject({ status: 409, body: { message: 'invalid_state' } });
    expect(await free.seller.client.post(`/api/trade/${free.tradeId}/pay`)).toMatchObject({ status: 409, body: { message: 'invalid_state' } });

    // Cancelled by the proposer before paying: nothing to pay.
    const cancelled = await acceptedTrade(t, { cash: { cashToSeller: 10 } });
    expect((await cancelled.proposer.client.post(`/api/trade/${cancelled.tradeId}/cancel`)).status).toBe(200);
    expect(await cancelled.proposer.client.post(`/api/trade/${cancelled.tradeId}/pay`)).toMatchObject({ status: 409, body: { message: 'invalid_state' } });
  });

  it("the payer's Cancel releases the trade's checkout (by the trade's id or the item's), leaving the items held", async () => {
    const trade = await acceptedTrade(t, { cash: { cashToSeller: 40 } });
    const first = await trade.proposer.client.post(`/api/trade/${trade.tradeId}/pay`);
    expect(await trade.seller.client.post('/api/payment/item/cancel', { _id: trade.tradeId })).toMatchObject({ status: 404 });
    expect((await trade.proposer.client.post('/api/payment/item/cancel', { _id: trade.tradeId })).status).toBe(200);
    expect(await tradePurchases(trade.tradeId)).toMatchObject([{ status: 'abandoned', failure: 'cancelled by the buyer' }]);
    expect(await itemRow(t, trade.item.id)).toMatchObject({ paymentStatus: 'none', tradeId: trade.tradeId });
    const second = await trade.proposer.client.post(`/api/trade/${trade.tradeId}/pay`);
    expect(second.status).toBe(200);
    expect(second.body.redirectUrl).not.toBe(first.body.redirectUrl);
    expect((await trade.proposer.client.post('/api/payment/item/cancel', { _id: trade.item.id })).status).toBe(200);
    expect((await itemRow(t, trade.item.id)).paymentStatus).toBe('none');
  });

  it('a capture for a trade cancelled meanwhile is kept on record as failed for a refund, and opens no order', async () => {
    const trade = await acceptedTrade(t, { cash: { cashToSeller: 40 } });
    const token = tokenOf((await trade.proposer.client.post(`/api/trade/${trade.tradeId}/pay`)).body.redirectUrl);
    paypal.approve(token);
    // The trade ended while the payer was at PayPal (its expiry after the checkout's lock ran out).
    await t.db.db.update(trades).set({ status: 'cancelled', closedReason: 'expired' }).where(eq(trades.id, trade.tradeId));
    const processed = await trade.proposer.client.post('/api/payment/item/process', { orderId: token });
    expect(processed).toMatchObject({ status: 409, body: { message: 'payment_failed' } });
    const [purchase] = await tradePurchases(trade.tradeId);
    expect(purchase).toMatchObject({ status: 'failed', failure: 'trade no longer accepted' });
    expect(purchase!.captureId).toBeTruthy();
    expect((await tradeOrders(t, trade)).count).toBe(0);
    expect((await tradeRow(trade.tradeId)).settledAt).toBeNull();
  });
});

describe('provider events on a trade', () => {
  it("a refund and a dispute of the trade's cash go on both orders' timelines, once; the orders and items are left as they are", async () => {
    const trade = await acceptedTrade(t, { cash: { cashToSeller: 40 } });
    const token = tokenOf((await trade.proposer.client.post(`/api/trade/${trade.tradeId}/pay`)).body.redirectUrl);
    paypal.approve(token);
    expect((await trade.proposer.client.post('/api/payment/item/process', { orderId: token })).body.status).toBe('COMPLETED');
    const [purchase] = await tradePurchases(trade.tradeId);
    const both = await tradeOrders(t, trade);
    expect(both.count).toBe(2);

    await deliver({
      id: 'WH-TRADE-REFUND-1',
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource: { id: 'REFUND-T1', status: 'COMPLETED', links: [{ rel: 'up', href: `https://api.paypal.com/v2/payments/captures/${purchase!.captureId}` }] },
    });
    expect((await tradePurchases(trade.tradeId))[0]).toMatchObject({ status: 'refunded' });
    for (const [who, order] of [[trade.proposer, both.toSeller!], [trade.seller, both.toProposer!]] as const) {
      const shown = (await who.client.get(`/api/order/${order.id}`)).body;
      expect(shown.status).toBe('paid');
      expect(shown.timeline.filter((e: { kind: string }) => e.kind === 'trade_cash_refunded')).toEqual([{ kind: 'trade_cash_refunded', at: expect.any(String), data: { tradeId: trade.tradeId, amount: 40 } }]);
    }
    await deliver({
      id: 'WH-TRADE-REFUND-2',
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource: { id: 'REFUND-T1', status: 'COMPLETED', links: [{ rel: 'up', href: `https://api.paypal.com/v2/payments/captures/${purchase!.captureId}` }] },
    });
    expect((await trade.seller.client.get(`/api/order/${both.toProposer!.id}`)).body.timeline.filter((e: { kind: string }) => e.kind === 'trade_cash_refunded')).toHaveLength(1);
    expect((await orderRow(t, both.toSeller!.id)).status).toBe('paid');

    // A dispute on the trade's cash goes on both timelines too, once.
    const dispute = { id: 'WH-TRADE-DISPUTE-1', event_type: 'CUSTOMER.DISPUTE.CREATED', resource: { dispute_id: 'PP-D-T1', reason: 'UNAUTHORISED', disputed_transactions: [{ seller_transaction_id: purchase!.captureId }] } };
    await deliver(dispute);
    await deliver({ ...dispute, id: 'WH-TRADE-DISPUTE-2' });
    for (const [who, order] of [[trade.proposer, both.toSeller!], [trade.seller, both.toProposer!]] as const) {
      const timeline = (await who.client.get(`/api/order/${order.id}`)).body.timeline as Array<{ kind: string; data: unknown }>;
      expect(timeline.filter((e) => e.kind === 'dispute_opened').map((e) => e.data)).toEqual([{ disputeId: 'PP-D-T1', reason: 'UNAUTHORISED' }]);
    }
    expect(await itemRow(t, trade.item.id)).toMatchObject({ purchaserId: null, tradeId: trade.tradeId });
  });

  it('PAYMENT.CAPTURE.COMPLETED on an approved trade checkout settles it when the payer never came back', async () => {
    const trade = await acceptedTrade(t, { cash: { cashToSeller: 15 } });
    const token = tokenOf((await trade.proposer.client.post(`/api/trade/${trade.tradeId}/pay`)).body.redirectUrl);
    paypal.approve(token);
    await deliver({
      id: 'WH-TRADE-CAPTURE-1',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: 'CAP-T1', status: 'COMPLETED', amount: { value: '15.00', currency_code: 'USD' }, supplementary_data: { related_ids: { order_id: token } } },
    });
    expect((await tradePurchases(trade.tradeId))[0]).toMatchObject({ status: 'captured', captureId: 'CAP-T1' });
    expect((await tradeOrders(t, trade)).count).toBe(2);
    expect((await tradeRow(trade.tradeId)).settledAt).not.toBeNull();
  });
});
