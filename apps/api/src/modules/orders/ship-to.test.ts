import { eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { orders, purchases } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { userTablesChecksum } from '../../test/checksum';
import { createItem } from '../../test/factories';
import { startFakePayPal, type FakeShipping } from '../../test/fakes/paypal';
import { member, orderRow, SAMPLE_ADDRESS } from '../../test/orders';
import { readOutbox } from '../../test/outbox';
import { collect, useRealtime } from '../../test/realtime';

/**
 * Issue 36, walkthrough item 1: a sale whose payment brought no address to ship to. PayPal answers without one
 * when the buyer has none on file (the fake's buyerShipping unset), so the order opens with shipTo null.
 */
const paypal = await startFakePayPal();
afterAll(() => paypal.close());
const t = useTestApp(() => ({ ...paypal.env, PUBLIC_URL: 'http://keeb.test' }));
const rt = useRealtime(t, { appUrl: 'http://keeb.test' });
const usual: FakeShipping = paypal.buyerShipping;
afterEach(() => {
  paypal.buyerShipping = usual;
});

async function saleWithoutAddress() {
  paypal.buyerShipping = undefined as unknown as FakeShipping;
  const seller = await member(t);
  const buyer = await member(t, { mailingAddress: SAMPLE_ADDRESS });
  const item = await createItem(t.db.db, seller.user.id, { priceCents: 10_000, paymentEmail: 'payee@example.test' });
  const created = await buyer.client.post('/api/payment/item/create', { _id: item.id });
  const providerOrderId = new URL(created.body.redirectUrl).searchParams.get('token')!;
  paypal.approve(providerOrderId);
  expect((await buyer.client.post('/api/payment/item/process', { orderId: providerOrderId })).body.status).toBe('COMPLETED');
  const [purchase] = await t.db.db.select().from(purchases).where(eq(purchases.itemId, item.id));
  expect((await orderRow(t, purchase!.id)).shipTo).toBeNull();
  return { seller, buyer, item, orderId: purchase!.id };
}
const mailTo = async (email: string, subject: string) => (await readOutbox(t.config.outboxDir)).find((m) => m.to === email && m.subject === subject);

describe('an order paid without an address to ship to', () => {
  it('says so to both sides and asks the buyer for one; the sale mails do not send the seller to an address that is not there', async () => {
    const { seller, buyer, item, orderId } = await saleWithoutAddress();
    const sellerView = (await seller.client.get(`/api/order/${orderId}`)).body;
    expect(sellerView).toMatchObject({ shipTo: null, awaitingAddress: true, actions: [] });
    const buyerView = (await buyer.client.get(`/api/order/${orderId}`)).body;
    expect(buyerView).toMatchObject({ awaitingAddress: true });
    expect(buyerView.actions).toContain('address');
    const sold = await mailTo(seller.user.email, `You sold ${item.name}`);
    expect(sold?.text).toContain('has not given an address to ship to yet');
    expect(sold?.text).not.toContain('where you find the address');
    const receipt = await mailTo(buyer.user.email, `Your purchase: ${item.name}`);
    expect(receipt?.text).toContain('add the address to ship to on the order page');
    // The buyer has something to do: their orders badge says so until the address is given.
    expect((await buyer.client.get('/api/me/notifications')).body.numOrdersToAct).toBe(1);
    await buyer.client.put(`/api/order/${orderId}/ship-to`, SAMPLE_ADDRESS);
    expect((await buyer.client.get('/api/me/notifications')).body.numOrdersToAct).toBe(0);
  });

  it('cannot be marked shipped before the buyer gives the address (409 no_ship_to, nothing changes); then it can', async () => {
    const { seller, buyer, orderId } = await saleWithoutAddress();
    const unchanged = await userTablesChecksum(t.db.db);
    const ship = () => seller.client.post(`/api/order/${orderId}/ship`, { trackingNumber: '1Z999AA10123456784' });
    expect(await ship()).toMatchObject({ status: 409, body: { message: 'no_ship_to' } });
    expect(await userTablesChecksum(t.db.db)).toBe(unchanged);
    expect((await orderRow(t, orderId)).shippedAt).toBeNull();
    expect((await buyer.client.put(`/api/order/${orderId}/ship-to`, SAMPLE_ADDRESS)).status).toBe(200);
    expect((await seller.client.get(`/api/order/${orderId}`)).body.actions).toEqual(['ship']);
    expect(await ship()).toMatchObject({ status: 200, body: { status: 'shipped' } });
  });

  it("the buyer sets the order's address: the seller sees it, is mailed and pushed, and has 72 hours from then; nobody else may, and only once", async () => {
    const { seller, buyer, item, orderId } = await saleWithoutAddress();
    const before = await orderRow(t, orderId);
    const put = (client: typeof buyer.client, body: object = SAMPLE_ADDRESS) => client.put(`/api/order/${orderId}/ship-to`, body);
    expect(await put(seller.client)).toMatchObject({ status: 403, body: { message: 'forbidden' } });
    expect((await put((await member(t)).client)).status).toBe(404);
    expect((await put(await t.client())).status).toBe(401);
    expect((await buyer.client.put('/api/order/not-a-uuid/ship-to', SAMPLE_ADDRESS)).status).toBe(404);
    const unchanged = await userTablesChecksum(t.db.db);
    expect(await put(buyer.client, { ...SAMPLE_ADDRESS, line1: '' })).toMatchObject({ status: 400, body: { message: 'invalid_address', field: 'line1' } });
    expect(await put(buyer.client, { ...SAMPLE_ADDRESS, postalCode: 'nope' })).toMatchObject({ status: 400, body: { message: 'invalid_postal_code' } });
    expect(await userTablesChecksum(t.db.db)).toBe(unchanged);
    expect((await orderRow(t, orderId)).shipTo).toBeNull();

    const socket = await rt.open(seller.client.cookie);
    const updates = collect(socket, 'orderUpdate');
    const set = await put(buyer.client);
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ role: 'buyer', awaitingAddress: false });
    expect(set.body.actions).not.toContain('address');
    expect(set.body.timeline.map((e: { kind: string }) => e.kind)).toEqual(['paid', 'ship_to_added']);
    expect((await seller.client.get(`/api/order/${orderId}`)).body).toMatchObject({ shipTo: SAMPLE_ADDRESS, awaitingAddress: false });
    const after = await orderRow(t, orderId);
    expect(after.shipTo).toEqual(SAMPLE_ADDRESS);
    expect(after.shipBy.getTime()).toBeGreaterThan(before.shipBy.getTime());
    expect(after.shipBy.getTime()).toBeGreaterThanOrEqual(Date.now() + 71.9 * 3_600_000);
    const told = await mailTo(seller.user.email, `Where to ship ${item.name}`);
    expect(told?.text).toContain('Bea Buyer');
    expect(told?.text).toContain(`http://keeb.test/me/orders/${orderId}`);
    await expect.poll(() => updates.map((u) => u.text)).toContain(`The buyer added where to ship ${item.name}.`);
    // Once given, the address is the order's: a second PUT is refused.
    expect(await put(buyer.client, { ...SAMPLE_ADDRESS, name: 'Someone Else' })).toMatchObject({ status: 409, body: { message: 'ship_to_set' } });
    expect((await orderRow(t, orderId)).shipTo).toEqual(SAMPLE_ADDRESS);
  });

  it('is refused once the order has shipped (one shipped before the seller had to wait for the address)', async () => {
    const { buyer, orderId } = await saleWithoutAddress();
    // The API no longer ships to no address (no_ship_to above); orders shipped so before issue 36 remain.
    await t.db.db.update(orders).set({ status: 'shipped', shippedAt: new Date() }).where(eq(orders.id, orderId));
    expect((await buyer.client.get(`/api/order/${orderId}`)).body).toMatchObject({ awaitingAddress: false });
    expect(await buyer.client.put(`/api/order/${orderId}/ship-to`, SAMPLE_ADDRESS)).toMatchObject({ status: 409, body: { message: 'invalid_state' } });
    expect((await orderRow(t, orderId)).shipTo).toBeNull();
  });
});
