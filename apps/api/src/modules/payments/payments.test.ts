import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { items, karmaLedger, offers, purchases } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createItem, createUser } from '../../test/factories';
import { startFakePayPal } from '../../test/fakes/paypal';
import { readOutbox } from '../../test/outbox';
import { collect, useRealtime } from '../../test/realtime';

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

async function member(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db.db, { emailConfirmedAt: new Date(), ...overrides });
  return { user, client: await t.clientAs(user.id) };
}
type Member = Awaited<ReturnType<typeof member>>;

/** A $100 Buy It Now listing that also takes offers, shipping to the US for $10. */
async function listing(overrides: Parameters<typeof createItem>[2] = {}) {
  const seller = await member();
  const item = await createItem(t.db.db, seller.user.id, { priceCents: 10_000, isFixedPrice: true, offersAccepted: true, paymentEmail: 'payee@example.test', ...overrides });
  return { seller, item };
}

const orderIdOf = (redirectUrl: string) => new URL(redirectUrl).searchParams.get('token')!;
const create = (buyer: Member, itemId: string, body: object = {}) => buyer.client.post('/api/payment/item/create', { _id: itemId, price: 1, shippingPrice: 0, ...body });

/** Create, approve at "PayPal", come back and process: the whole purchase. */
async function buy(buyer: Member, itemId: string) {
  const created = await create(buyer, itemId);
  expect(created.status).toBe(200);
  const orderId = orderIdOf(created.body.redirectUrl);
  paypal.approve(orderId);
  return { orderId, processed: await buyer.client.post('/api/payment/item/process', { orderId }) };
}

const itemRow = async (id: string) => (await t.db.db.select().from(items).where(eq(items.id, id)))[0]!;
const purchaseRows = (itemId: string) => t.db.db.select().from(purchases).where(eq(purchases.itemId, itemId));

describe('a Buy It Now purchase through PayPal', () => {
  it('a capture for an item that was sold meanwhile stays on record, failed with its capture id, for a refund', async () => {
    const { item } = await listing();
    const buyer = await member();
    const other = await member();
    const created = await create(buyer, item.id);
    const orderId = orderIdOf(created.body.redirectUrl);
    paypal.approve(orderId);
    // Sold another way while the buyer was at PayPal (the lock is the rule; this is the last line behind it).
    await t.db.db.update(items).set({ purchaserId: other.user.id, soldAt: new Date() }).where(eq(items.id, item.id));
    const processed = await buyer.client.post('/api/payment/item/process', { orderId });
    expect(processed.status).toBe(409);
    expect(processed.body.message).toBe('payment_failed');
    const [row] = await purchaseRows(item.id);
    expect(row).toMatchObject({ status: 'failed', failure: 'item already sold' });
    expect(row!.captureId).toBeTruthy();
    expect((await itemRow(item.id)).purchaserId).toBe(other.user.id);
  });

  it('sends the buyer to PayPal with the amount the server computed, captures once, and sells the item', async () => {
    const { seller, item } = await listing();
    const fan = await member({ email: 'fan@example.test' });
    await fan.client.post(`/api/item/${item.id}/save`);
    const buyer = await member();
    const created = await create(buyer, item.id, { price: 0.01, shippingPrice: 0 });
    expect(created.status).toBe(200);
    expect(created.body.redirectUrl).toMatch(/\/checkoutnow\?token=/);
    const orderId = orderIdOf(created.body.redirectUrl);
    const unit = paypal.orders.get(orderId)!.request.purchase_units![0]!;
    expect(unit.amount).toMatchObject({ currency_code: 'USD', value: '110.00', breakdown: { item_total: { value: '100.00' }, shipping: { value: '10.00' } } });
    expect(unit.payee).toEqual({ email_address: 'payee@example.test' });
    // While the buyer is at PayPal the item reads Payment Pending to everyone.
    expect((await (await t.client()).get(`/api/item/${item.id}`)).body.item.paymentStatus).toBe('pending');

    paypal.approve(orderId);
    const processed = await buyer.client.post('/api/payment/item/process', { orderId });
    expect(processed.body).toEqual({ status: 'COMPLETED', itemId: item.id, priceSold: 100 });
    const sold = await itemRow(item.id);
    expect(sold).toMatchObject({ purchaserId: buyer.user.id, priceSoldCents: 10_000, paymentStatus: 'none' });
    // The sold-price history counts the sale from now.
    expect(Date.now() - sold.soldAt!.getTime()).toBeLessThan(60_000);
    const page = (await (await t.client()).get(`/api/item/${item.id}`)).body.item;
    expect(page).toMatchObject({ purchaserId: buyer.user.id, priceSold: 100, paymentStatus: 'none' });
    // Processing again (a refresh) changes nothing and asks PayPal nothing.
    expect((await buyer.client.post('/api/payment/item/process', { orderId })).body).toEqual(processed.body);
    const captures = paypal.callsTo('capture').filter((c) => c.path.includes(orderId));
    expect(captures).toHaveLength(1);
    expect(captures[0]!.headers['paypal-request-id']).toMatch(/^capture:/);

    const karma = await t.db.db.select({ userId: karmaLedger.userId, reason: karmaLedger.reason, amount: karmaLedger.amount }).from(karmaLedger);
    expect(karma).toEqual(expect.arrayContaining([
      { userId: seller.user.id, reason: 'sale', amount: 10 },
      { userId: buyer.user.id, reason: 'purchase', amount: 5 },
    ]));
    const mails = (await readOutbox(t.config.outboxDir)).map((m) => [m.to, m.subject]);
    expect(mails).toContainEqual([seller.user.email, `You sold ${item.name}`]);
    expect(mails).toContainEqual([buyer.user.email, `Your purchase: ${item.name}`]);
    expect(mails).toContainEqual(['fan@example.test', `An item you saved was sold: ${item.name}`]);
    expect((await buyer.client.get('/api/me/items/purchased')).body.map((i: { _id: string }) => i._id)).toEqual([item.id]);
    expect((await seller.client.get('/api/me/items/sold')).body.map((i: { _id: string }) => i._id)).toEqual([item.id]);
  });

  it('refuses the owner, an unconfirmed email, a region not served, an offers-only listing, a sold or unknown item, and logged-out callers', async () => {
    const { seller, item } = await listing();
    expect((await create(seller, item.id)).body).toMatchObject({ message: 'own_item' });
    expect((await create(await member({ emailConfirmedAt: null }), item.id)).body).toMatchObject({ message: 'confirm_email' });
    expect((await create(await member({ shippingRegionCode: 'AS' }), item.id)).body).toMatchObject({ message: 'no_shipping' });
    const offersOnly = await listing({ isFixedPrice: false });
    expect((await create(await member(), offersOnly.item.id)).body).toMatchObject({ message: 'not_for_sale' });
    expect(await create(await member(), '00000000-0000-4000-8000-000000000000')).toMatchObject({ status: 404, body: { message: 'not_found' } });
    expect((await (await t.client()).post('/api/payment/item/create', { _id: item.id })).status).toBe(401);
    expect((await (await t.client()).post('/api/payment/item/process', { orderId: 'X' })).status).toBe(401);
    expect(await purchaseRows(item.id)).toEqual([]);
    const { processed } = await buy(await member(), item.id);
    expect(processed.status).toBe(200);
    expect((await create(await member(), item.id)).body).toMatchObject({ message: 'not_found' });
  });

  it("another user cannot process someone else's order", async () => {
    const { item } = await listing();
    const buyer = await member();
    const orderId = orderIdOf((await create(buyer, item.id)).body.redirectUrl);
    paypal.approve(orderId);
    expect(await (await member()).client.post('/api/payment/item/process', { orderId })).toMatchObject({ status: 404, body: { message: 'not_found' } });
    expect(paypal.callsTo('capture').filter((c) => c.path.includes(orderId))).toHaveLength(0);
  });
});

describe('races', () => {
  it('50 buyers racing create on one item: one gets a redirectUrl, the others payment_pending', async () => {
    const { item } = await listing();
    const buyers = await Promise.all(Array.from({ length: 50 }, () => member()));
    const answers = await Promise.all(buyers.map((b) => create(b, item.id)));
    expect(answers.filter((r) => r.status === 200 && r.body.redirectUrl)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409 && r.body.message === 'payment_pending')).toHaveLength(49);
    expect(await purchaseRows(item.id)).toHaveLength(1);
    expect(paypal.callsTo('create').filter((c) => JSON.stringify(c.body).includes(item.id))).toHaveLength(1);
  });

  it('20 racing process calls for the same order: one sale, one capture request', async () => {
    const { item } = await listing();
    const buyer = await member();
    const orderId = orderIdOf((await create(buyer, item.id)).body.redirectUrl);
    paypal.approve(orderId);
    const before = paypal.callsTo('capture').length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => buyer.client.post('/api/payment/item/process', { orderId })));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(paypal.callsTo('capture').length - before).toBe(1);
    expect((await purchaseRows(item.id)).map((p) => p.status)).toEqual(['captured']);
  });
});

describe('offers and payment', () => {
  it('pays the accepted offer price (not the listing price), closes the other offers and tells their buyers', async () => {
    const { seller, item } = await listing({ isFixedPrice: false });
    const buyer = await member();
    const rival = await member();
    const offerId = (await buyer.client.post('/api/offer', { itemId: item.id, offerPrice: '80' })).body._id;
    const rivalOffer = (await rival.client.post('/api/offer', { itemId: item.id, offerPrice: '60' })).body._id;
    await seller.client.post(`/api/offer/${offerId}/accept`, { itemId: item.id });
    const rivalCounts = collect(await rt.open(rival.client.cookie), 'counts');
    // The accepted offer reserves the item for its buyer: nobody else may pay meanwhile.
    const third = await member();
    await t.db.db.update(items).set({ isFixedPrice: true }).where(eq(items.id, item.id));
    expect((await create(third, item.id)).body).toMatchObject({ message: 'payment_pending' });

    const { orderId, processed } = await buy(buyer, item.id);
    expect(processed.body).toEqual({ status: 'COMPLETED', itemId: item.id, priceSold: 80 });
    expect(paypal.orders.get(orderId)!.request.purchase_units![0]!.amount).toMatchObject({ value: '90.00' });
    const statuses = Object.fromEntries((await t.db.db.select({ id: offers.id, status: offers.status }).from(offers)).map((o) => [o.id, o.status]));
    expect(statuses).toEqual({ [offerId]: 'paid', [rivalOffer]: 'closed' });
    const mails = (await readOutbox(t.config.outboxDir)).map((m) => [m.to, m.subject]);
    expect(mails).toContainEqual([rival.user.email, `${item.name} is no longer available`]);
    // The rival's badge moves with the closed offer, pushed to their open tab once the sale commits.
    await expect.poll(() => rivalCounts.at(-1)?.numNewOffers).toBe(1);
    const sent = (await buyer.client.get('/api/me/offers/sent')).body[0];
    expect(sent).toMatchObject({ status: 'paid', itemId: { purchaserId: buyer.user.id, priceSold: 80 } });
    // Once sold the buyer may delete the offer from their list.
    expect((await buyer.client.delete(`/api/offer/${offerId}/remove`)).status).toBe(200);
  });

  it("pays the seller's counter price", async () => {
    const { seller, item } = await listing({ isFixedPrice: false });
    const buyer = await member();
    const offerId = (await buyer.client.post('/api/offer', { itemId: item.id, offerPrice: '70' })).body._id;
    await seller.client.post(`/api/offer/${offerId}/counter-seller`, { counterPrice: '85' });
    const { processed } = await buy(buyer, item.id);
    expect(processed.body.priceSold).toBe(85);
  });
});

describe('provider failures', () => {
  it('a payee account problem on create answers payment_error and releases the lock', async () => {
    const { item } = await listing();
    paypal.createIssue = 'PAYEE_ACCOUNT_RESTRICTED';
    expect(await create(await member(), item.id)).toMatchObject({ status: 409, body: { message: 'payment_error' } });
    expect((await itemRow(item.id)).paymentStatus).toBe('none');
    paypal.createIssue = undefined;
    expect((await create(await member(), item.id)).status).toBe(200);
  });

  it('INSTRUMENT_DECLINED sends the buyer back to PayPal while the lock holds; the retry then succeeds', async () => {
    const { item } = await listing();
    const buyer = await member();
    const created = await create(buyer, item.id);
    const orderId = orderIdOf(created.body.redirectUrl);
    paypal.approve(orderId);
    paypal.captureIssue = 'INSTRUMENT_DECLINED';
    expect(await buyer.client.post('/api/payment/item/process', { orderId })).toMatchObject({ status: 402, body: { message: 'payment_retry', redirectUrl: created.body.redirectUrl } });
    expect((await create(await member(), item.id)).body).toMatchObject({ message: 'payment_pending' });
    paypal.captureIssue = undefined;
    expect((await buyer.client.post('/api/payment/item/process', { orderId })).body.status).toBe('COMPLETED');
  });

  it('a declined capture is not a sale: payment_failed, and the item is on sale again', async () => {
    const { item } = await listing();
    paypal.captureStatus = 'DECLINED';
    const { processed } = await buy(await member(), item.id);
    expect(processed.body).toMatchObject({ message: 'payment_failed' });
    expect(await itemRow(item.id)).toMatchObject({ purchaserId: null, paymentStatus: 'none' });
  });

  it('a pending capture keeps the lock; the PAYMENT.CAPTURE.COMPLETED webhook then sells the item, once', async () => {
    const { item } = await listing();
    paypal.captureStatus = 'PENDING';
    const buyer = await member();
    const { orderId, processed } = await buy(buyer, item.id);
    expect(processed.body).toMatchObject({ message: 'payment_processing' });
    expect((await create(await member(), item.id)).body).toMatchObject({ message: 'payment_pending' });
    const [purchase] = await purchaseRows(item.id);
    const event = {
      id: 'WH-EVENT-1',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: purchase!.captureId, status: 'COMPLETED', amount: { currency_code: 'USD', value: '110.00' }, supplementary_data: { related_ids: { order_id: orderId } } },
    };
    const headers = { 'PAYPAL-AUTH-ALGO': 'SHA256withRSA', 'PAYPAL-CERT-URL': 'https://api.paypal.com/cert', 'PAYPAL-TRANSMISSION-ID': 'tx-1', 'PAYPAL-TRANSMISSION-SIG': 'sig', 'PAYPAL-TRANSMISSION-TIME': new Date().toISOString() };
    const deliver = () => (t.client()).then((c) => { let r = c.post('/api/payment/webhook', event); for (const [k, v] of Object.entries(headers)) r = r.set(k, v); return r; });
    expect((await deliver()).status).toBe(200);
    expect((await deliver()).status).toBe(200);
    await t.jobs.drain();
    expect(await itemRow(item.id)).toMatchObject({ purchaserId: buyer.user.id, priceSoldCents: 10_000 });
    expect((await readOutbox(t.config.outboxDir)).filter((m) => m.subject === `Your purchase: ${item.name}`)).toHaveLength(1);
    paypal.webhookVerification = 'FAILURE';
    expect((await deliver()).status).toBe(400);
    paypal.webhookVerification = 'SUCCESS';
  });

  it('a 500 on capture keeps the lock and the order; the next try uses the same request id and sells once', async () => {
    const { item } = await listing();
    const buyer = await member();
    const created = await create(buyer, item.id);
    const orderId = orderIdOf(created.body.redirectUrl);
    paypal.approve(orderId);
    paypal.serverError.add('capture');
    expect((await buyer.client.post('/api/payment/item/process', { orderId })).body).toMatchObject({ message: 'payment_processing' });
    paypal.serverError.clear();
    expect((await buyer.client.post('/api/payment/item/process', { orderId })).body.status).toBe('COMPLETED');
    const ids = paypal.callsTo('capture').filter((c) => c.path.includes(orderId)).map((c) => c.headers['paypal-request-id']);
    expect(new Set(ids).size).toBe(1);
  });
});

describe('the payment lock runs out', () => {
  const lapse = (itemId: string) => t.db.db.update(purchases).set({ lockedUntil: sql`now() - interval '1 minute'` }).where(eq(purchases.itemId, itemId));

  it('an order never approved is abandoned after asking PayPal, and the next buyer may pay', async () => {
    const { item } = await listing();
    await create(await member(), item.id);
    await lapse(item.id);
    const gets = paypal.callsTo('get').length;
    const next = await create(await member(), item.id);
    expect(next.status).toBe(200);
    expect(paypal.callsTo('get').length).toBe(gets + 1);
    expect((await purchaseRows(item.id)).map((p) => p.status).sort()).toEqual(['abandoned', 'open']);
  });

  it('an order the buyer approved is never abandoned: it is captured for that buyer', async () => {
    const { item } = await listing();
    const first = await member();
    paypal.approve(orderIdOf((await create(first, item.id)).body.redirectUrl));
    await lapse(item.id);
    expect((await create(await member(), item.id)).body).toMatchObject({ message: 'not_found' });
    expect((await itemRow(item.id)).purchaserId).toBe(first.user.id);
  });

  it('the scheduled reconciliation releases a lapsed lock without anyone asking', async () => {
    const { item } = await listing();
    await create(await member(), item.id);
    await lapse(item.id);
    await t.db.db.execute(sql`update pgboss.job set start_after = now() where name = 'payment-reconcile' and state = 'created'`);
    await t.jobs.drain();
    expect((await purchaseRows(item.id)).map((p) => p.status)).toEqual(['abandoned']);
    expect((await itemRow(item.id)).paymentStatus).toBe('none');
  });
});
