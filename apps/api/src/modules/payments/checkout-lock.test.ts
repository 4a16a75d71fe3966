import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { items, offers, purchases } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createItem, createUser } from '../../test/factories';
import { startFakePayPal } from '../../test/fakes/paypal';
import { collect, useRealtime } from '../../test/realtime';

/** Issue 25: the buyer holding the payment lock may resume or cancel it, and a cancel releases the item at once. */
const paypal = await startFakePayPal();
afterAll(() => paypal.close());
const t = useTestApp(() => ({ ...paypal.env, PUBLIC_URL: 'http://keeb.test' }));
const rt = useRealtime(t, { appUrl: 'http://keeb.test' });

async function member() {
  const user = await createUser(t.db.db, { emailConfirmedAt: new Date() });
  return { user, client: await t.clientAs(user.id) };
}
type Member = Awaited<ReturnType<typeof member>>;

/** A $100 Buy It Now listing that also takes offers, shipping to the US for $10. */
async function listing(overrides: Parameters<typeof createItem>[2] = {}) {
  const seller = await member();
  const item = await createItem(t.db.db, seller.user.id, { priceCents: 10_000, isFixedPrice: true, offersAccepted: true, paymentEmail: 'payee@example.test', ...overrides });
  return { seller, item };
}

const create = (buyer: Member, itemId: string) => buyer.client.post('/api/payment/item/create', { _id: itemId });
const cancel = (buyer: Member, itemId: string) => buyer.client.post('/api/payment/item/cancel', { _id: itemId });
const orderIdOf = (redirectUrl: string) => new URL(redirectUrl).searchParams.get('token')!;
const page = async (client: Member['client'], itemId: string) => (await client.get(`/api/item/${itemId}`)).body;
const statuses = async (itemId: string) => (await t.db.db.select({ status: purchases.status }).from(purchases).where(eq(purchases.itemId, itemId))).map((p) => p.status);

describe('the buyer who left the provider', () => {
  it('sees their own checkout on the item page (others see only Payment Pending), and Resume reuses the same order', async () => {
    const { item } = await listing();
    const buyer = await member();
    const first = await create(buyer, item.id);
    expect(first.status).toBe(200);

    const mine = await page(buyer.client, item.id);
    expect(mine.item).toMatchObject({ paymentStatus: 'pending', checkout: { price: 100, shippingPrice: 10 } });
    const other = await member();
    const theirs = await page(other.client, item.id);
    expect(theirs.item.paymentStatus).toBe('pending');
    expect(theirs.item.checkout).toBeNull();
    expect(JSON.stringify(theirs)).not.toContain(buyer.user.id);
    expect((await page(await t.client(), item.id)).item.checkout).toBeNull();

    const creates = paypal.callsTo('create').length;
    const resumed = await create(buyer, item.id);
    expect(resumed.body.redirectUrl).toBe(first.body.redirectUrl);
    expect(paypal.callsTo('create').length).toBe(creates);
  });

  it('Cancel on the item page releases the item at once: another buyer may pay straight away', async () => {
    const { item } = await listing();
    const buyer = await member();
    await create(buyer, item.id);
    const res = await cancel(buyer, item.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ _id: item.id, paymentStatus: 'none' });
    expect(await statuses(item.id)).toEqual(['abandoned']);
    expect((await page(buyer.client, item.id)).item).toMatchObject({ paymentStatus: 'none', checkout: null });
    expect((await create(await member(), item.id)).status).toBe(200);
    // A second cancel has nothing of this buyer's to release.
    expect(await cancel(buyer, item.id)).toMatchObject({ status: 404, body: { message: 'not_found' } });
  });

  it('the cancelled order cannot be paid afterwards: nothing is captured', async () => {
    const { item } = await listing();
    const buyer = await member();
    const orderId = orderIdOf((await create(buyer, item.id)).body.redirectUrl);
    await cancel(buyer, item.id);
    paypal.approve(orderId);
    expect((await buyer.client.post('/api/payment/item/process', { orderId })).body).toMatchObject({ message: 'payment_failed' });
    expect(paypal.callsTo('capture').filter((c) => c.path.includes(orderId))).toHaveLength(0);
    expect((await t.db.db.select().from(items).where(eq(items.id, item.id)))[0]).toMatchObject({ purchaserId: null, paymentStatus: 'none' });
  });

  it('only the lock holder may cancel: another user, the seller and bad input change nothing; logged out is 401', async () => {
    const { seller, item } = await listing();
    const buyer = await member();
    await create(buyer, item.id);
    expect(await cancel(await member(), item.id)).toMatchObject({ status: 404, body: { message: 'not_found' } });
    expect(await cancel(seller, item.id)).toMatchObject({ status: 404, body: { message: 'not_found' } });
    expect((await buyer.client.post('/api/payment/item/cancel', { _id: 'nope' })).status).toBe(400);
    expect((await buyer.client.post('/api/payment/item/cancel', {})).status).toBe(400);
    expect(await cancel(buyer, '00000000-0000-4000-8000-000000000000')).toMatchObject({ status: 404, body: { message: 'not_found' } });
    expect(await (await t.client()).post('/api/payment/item/cancel', { _id: item.id })).toMatchObject({ status: 401, body: { message: 'must login' } });
    expect(await statuses(item.id)).toEqual(['open']);
    expect((await page(buyer.client, item.id)).item.paymentStatus).toBe('pending');
  });

  it('a capture under way cannot be cancelled (payment_processing) and keeps the lock', async () => {
    const { item } = await listing();
    const buyer = await member();
    await create(buyer, item.id);
    await t.db.db.update(purchases).set({ status: 'capturing' }).where(eq(purchases.itemId, item.id));
    expect(await cancel(buyer, item.id)).toMatchObject({ status: 409, body: { message: 'payment_processing' } });
    expect(await statuses(item.id)).toEqual(['capturing']);
  });

  it("the provider's Cancel returns to the item page marked as cancelled, so the page can release the lock", async () => {
    const { item } = await listing();
    const orderId = orderIdOf((await create(await member(), item.id)).body.redirectUrl);
    const request = paypal.orders.get(orderId)!.request as { payment_source?: { paypal?: { experience_context?: { cancel_url?: string; return_url?: string } } } };
    const context = request.payment_source?.paypal?.experience_context;
    expect(context?.return_url).toBe(`http://keeb.test/detail/${item.id}`);
    expect(context?.cancel_url).toBe(`http://keeb.test/detail/${item.id}?payment=cancelled`);
  });

  it("cancelling the checkout of an accepted offer keeps the offer: the buyer may still pay within its window", async () => {
    const { seller, item } = await listing({ isFixedPrice: false });
    const buyer = await member();
    const offerId = (await buyer.client.post('/api/offer', { itemId: item.id, offerPrice: '80' })).body._id;
    await seller.client.post(`/api/offer/${offerId}/accept`, { itemId: item.id });
    await create(buyer, item.id);
    expect((await cancel(buyer, item.id)).status).toBe(200);
    expect((await t.db.db.select({ status: offers.status }).from(offers).where(eq(offers.id, offerId)))[0]?.status).toBe('accepted');
    const again = await create(buyer, item.id);
    expect(again.status).toBe(200);
    expect(paypal.orders.get(orderIdOf(again.body.redirectUrl))!.request.purchase_units![0]!.amount).toMatchObject({ value: '90.00' });
  });

  it('two buyers pressing Purchase together after a cancel still get one lock', async () => {
    const { item } = await listing();
    const first = await member();
    await create(first, item.id);
    await cancel(first, item.id);
    const racers = await Promise.all(Array.from({ length: 10 }, () => member()));
    const answers = await Promise.all(racers.map((b) => create(b, item.id)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.body.message === 'payment_pending')).toHaveLength(9);
    expect((await statuses(item.id)).sort()).toEqual(['abandoned', 'open']);
  });
});

describe('the new-offers badge after a sale (issue 15)', () => {
  const countsOf = async (m: Member) => (await m.client.get('/api/me/notifications')).body.numNewOffers as number;

  it("paying one's own accepted offer is not news to the buyer", async () => {
    const { seller, item } = await listing({ isFixedPrice: false });
    const buyer = await member();
    const offerId = (await buyer.client.post('/api/offer', { itemId: item.id, offerPrice: '80' })).body._id;
    await seller.client.post(`/api/offer/${offerId}/accept`, { itemId: item.id });
    expect(await countsOf(buyer)).toBe(1);
    await buyer.client.get('/api/me/offers/sent');
    expect(await countsOf(buyer)).toBe(0);
    const orderId = orderIdOf((await create(buyer, item.id)).body.redirectUrl);
    paypal.approve(orderId);
    expect((await buyer.client.post('/api/payment/item/process', { orderId })).body.status).toBe('COMPLETED');
    expect(await countsOf(buyer)).toBe(0);
  });

  it('paying an accepted offer straight from the item page clears its acceptance from the badge, pushed to the open tab', async () => {
    const { seller, item } = await listing({ isFixedPrice: false });
    const buyer = await member();
    const offerId = (await buyer.client.post('/api/offer', { itemId: item.id, offerPrice: '80' })).body._id;
    await seller.client.post(`/api/offer/${offerId}/accept`, { itemId: item.id });
    expect(await countsOf(buyer)).toBe(1);
    const buyerCounts = collect(await rt.open(buyer.client.cookie), 'counts');
    const orderId = orderIdOf((await create(buyer, item.id)).body.redirectUrl);
    paypal.approve(orderId);
    expect((await buyer.client.post('/api/payment/item/process', { orderId })).body.status).toBe('COMPLETED');
    expect(await countsOf(buyer)).toBe(0);
    await expect.poll(() => buyerCounts.at(-1)?.numNewOffers).toBe(0);
  });

  it("a Buy It Now purchase closing the buyer's own pending offer is not news to them; the seller's badge drops and is pushed", async () => {
    const { seller, item } = await listing();
    const buyer = await member();
    await buyer.client.post('/api/offer', { itemId: item.id, offerPrice: '80' });
    expect(await countsOf(seller)).toBe(1);
    const sellerCounts = collect(await rt.open(seller.client.cookie), 'counts');
    const orderId = orderIdOf((await create(buyer, item.id)).body.redirectUrl);
    paypal.approve(orderId);
    expect((await buyer.client.post('/api/payment/item/process', { orderId })).body.status).toBe('COMPLETED');
    expect(await countsOf(buyer)).toBe(0);
    expect(await countsOf(seller)).toBe(0);
    await expect.poll(() => sellerCounts.at(-1)?.numNewOffers).toBe(0);
  });
});
