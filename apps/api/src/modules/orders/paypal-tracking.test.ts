import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, users } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createItem } from '../../test/factories';
import { startFakePayPal } from '../../test/fakes/paypal';
import { member, orderRow, SAMPLE_ADDRESS } from '../../test/orders';

/**
 * The order's tracking sent to PayPal (Orders v2 /track) by the 'order-tracking-sync' job, after a sale made
 * through PayPal against the fake Orders v2 server, as payments.test.ts makes one.
 */
const paypal = await startFakePayPal();
afterAll(() => paypal.close());
const t = useTestApp(() => ({ ...paypal.env, PUBLIC_URL: 'http://keeb.test' }));

const UPS_NUMBER = '1Z999AA10123456784';

beforeEach(() => {
  paypal.trackRefusal = undefined;
  paypal.serverError.clear();
  paypal.hang.clear();
});

/**
 * A $100 Buy It Now listing (US shipping $10) bought through PayPal: create, approve at the fake, process. The
 * buyer's saved mailing address (SAMPLE_ADDRESS) differs from the one they pick at PayPal (the fake's
 * buyerShipping), so the order's shipTo tells which one the sale carried.
 */
async function paypalSale() {
  const seller = await member(t);
  const buyer = await member(t);
  await t.db.db.update(users).set({ mailingAddress: SAMPLE_ADDRESS }).where(eq(users.id, buyer.user.id));
  const item = await createItem(t.db.db, seller.user.id, { priceCents: 10_000, isFixedPrice: true, paymentEmail: 'payee@example.test' });
  const created = await buyer.client.post('/api/payment/item/create', { _id: item.id });
  expect(created.status).toBe(200);
  const providerOrderId = new URL(created.body.redirectUrl as string).searchParams.get('token')!;
  paypal.approve(providerOrderId);
  const processed = await buyer.client.post('/api/payment/item/process', { orderId: providerOrderId });
  expect(processed.body).toMatchObject({ status: 'COMPLETED' });
  const [order] = await t.db.db.select().from(orders).where(eq(orders.itemId, item.id));
  if (!order) throw new Error('the sale made no order');
  const captureId = paypal.orders.get(providerOrderId)?.capture?.id;
  if (!captureId) throw new Error('the fake holds no capture');
  return { seller, buyer, item, orderId: order.id, providerOrderId, captureId };
}

/** The track calls the fake received for one PayPal order. */
const trackCalls = (providerOrderId: string) => paypal.callsTo('track').filter((c) => c.path === `/v2/checkout/orders/${providerOrderId}/track`);

/** The order's 'order-tracking-sync' jobs as pg-boss holds them. */
async function syncJobs(orderId: string) {
  const { rows } = (await t.db.db.execute(
    sql`select state, start_after > now() as later from pgboss.job where name = 'order-tracking-sync' and data->>'orderId' = ${orderId}`,
  )) as unknown as { rows: Array<{ state: string; later: boolean }> };
  return rows;
}

const kinds = (detail: { timeline: Array<{ kind: string }> }) => detail.timeline.map((e) => e.kind);

describe('a PayPal sale', () => {
  it("ships to the address the buyer picked at PayPal, which the seller sees on the order", async () => {
    const { seller, buyer, orderId } = await paypalSale();
    const fromPayPal = { name: 'Casey Buyer', line1: '1 Main St', line2: 'Apt 2', city: 'San Jose', region: 'CA', postalCode: '95131', country: 'US' };
    // The fake's buyerShipping, mapped to our fields.
    expect(paypal.buyerShipping).toEqual({
      name: { full_name: 'Casey Buyer' },
      address: { address_line_1: '1 Main St', address_line_2: 'Apt 2', admin_area_2: 'San Jose', admin_area_1: 'CA', postal_code: '95131', country_code: 'US' },
    });
    const shown = await seller.client.get(`/api/order/${orderId}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ role: 'seller', status: 'paid' });
    expect(shown.body.shipTo).toEqual(fromPayPal);
    expect((await orderRow(t, orderId)).shipTo).toEqual(fromPayPal);
    // Not the buyer's saved address.
    expect(shown.body.shipTo).not.toEqual(SAMPLE_ADDRESS);
    // The buyer's own view carries no shipTo.
    expect((await buyer.client.get(`/api/order/${orderId}`)).body).not.toHaveProperty('shipTo');
  });
});

describe('the tracking sent to PayPal', () => {
  it('a recognised UPS number goes to /track once, with the capture, the carrier and notify_payer; the order reads sent', async () => {
    const { seller, buyer, orderId, providerOrderId, captureId } = await paypalSale();
    const shipped = await seller.client.post(`/api/order/${orderId}/ship`, { trackingNumber: UPS_NUMBER });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({ status: 'shipped', tracking: { number: UPS_NUMBER, carrier: 'ups' } });
    await t.jobs.drain();

    const calls = trackCalls(providerOrderId);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(JSON.parse(calls[0]!.body)).toEqual({ capture_id: captureId, tracking_number: UPS_NUMBER, carrier: 'UPS', notify_payer: true });
    expect(calls[0]!.headers['paypal-request-id']).toBe(`track:${orderId}:${UPS_NUMBER}`);
    expect(paypal.orders.get(providerOrderId)!.trackers.map((tr) => tr.id)).toEqual([`${captureId}-${UPS_NUMBER}`]);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'shipped', trackingNumber: UPS_NUMBER, trackingCarrier: 'ups', trackingSync: 'sent', trackingSyncError: null });
    expect(await syncJobs(orderId)).toEqual([expect.objectContaining({ state: 'completed' })]);

    // Draining again sends nothing more.
    await t.jobs.drain();
    expect(trackCalls(providerOrderId)).toHaveLength(1);
    const seen = (await buyer.client.get(`/api/order/${orderId}`)).body;
    expect(kinds(seen)).toEqual(['paid', 'shipped']);
  });

  it('a number PayPal refuses (422 INVALID_TRACKING_NUMBER) is recorded on the timeline; the order stays shipped and the buyer sees the number', async () => {
    const { seller, buyer, orderId, providerOrderId } = await paypalSale();
    paypal.trackRefusal = { status: 422, name: 'UNPROCESSABLE_ENTITY', issue: 'INVALID_TRACKING_NUMBER' };
    expect((await seller.client.post(`/api/order/${orderId}/ship`, { trackingNumber: UPS_NUMBER })).status).toBe(200);
    await t.jobs.drain();

    expect(trackCalls(providerOrderId)).toHaveLength(1);
    expect(paypal.orders.get(providerOrderId)!.trackers).toEqual([]);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'shipped', trackingNumber: UPS_NUMBER, trackingSync: 'refused', trackingSyncError: 'INVALID_TRACKING_NUMBER' });
    // A refusal is final: the job completes, it is not retried.
    expect(await syncJobs(orderId)).toEqual([expect.objectContaining({ state: 'completed' })]);

    const seen = (await buyer.client.get(`/api/order/${orderId}`)).body;
    expect(seen).toMatchObject({ status: 'shipped', tracking: { number: UPS_NUMBER, carrier: 'ups', url: expect.stringContaining(UPS_NUMBER) } });
    expect(kinds(seen)).toEqual(['paid', 'shipped', 'tracking_refused']);
    expect(seen.timeline.at(-1).data).toMatchObject({ issue: 'INVALID_TRACKING_NUMBER' });
    expect(kinds((await seller.client.get(`/api/order/${orderId}`)).body)).toContain('tracking_refused');

    paypal.trackRefusal = undefined;
    await t.jobs.drain();
    expect(trackCalls(providerOrderId)).toHaveLength(1);
  });

  it('PayPal down (500) on the first attempt: the order stays shipped and pending, the job is retried and then sent', async () => {
    const { seller, orderId, providerOrderId, captureId } = await paypalSale();
    paypal.serverError.add('track');
    expect((await seller.client.post(`/api/order/${orderId}/ship`, { trackingNumber: UPS_NUMBER })).status).toBe(200);
    await t.jobs.drain();

    expect(trackCalls(providerOrderId)).toHaveLength(1);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'shipped', trackingSync: 'pending', trackingSyncError: null });
    // Failed, waiting for its retry (10 s and more later, with the queue's backoff).
    expect(await syncJobs(orderId)).toEqual([{ state: 'retry', later: true }]);
    const seen = (await seller.client.get(`/api/order/${orderId}`)).body;
    expect(seen).toMatchObject({ status: 'shipped', tracking: { number: UPS_NUMBER } });
    expect(kinds(seen)).toEqual(['paid', 'shipped']);

    // PayPal is back and the retry comes due.
    paypal.serverError.clear();
    await t.db.db.execute(sql`update pgboss.job set start_after = now() where name = 'order-tracking-sync' and state = 'retry' and data->>'orderId' = ${orderId}`);
    await t.jobs.drain();

    const calls = trackCalls(providerOrderId);
    expect(calls).toHaveLength(2);
    expect(calls.map((c) => c.headers['paypal-request-id'])).toEqual([`track:${orderId}:${UPS_NUMBER}`, `track:${orderId}:${UPS_NUMBER}`]);
    expect(JSON.parse(calls[1]!.body)).toEqual({ capture_id: captureId, tracking_number: UPS_NUMBER, carrier: 'UPS', notify_payer: true });
    expect(paypal.orders.get(providerOrderId)!.trackers).toHaveLength(1);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'shipped', trackingSync: 'sent', trackingSyncError: null });
    expect(await syncJobs(orderId)).toEqual([expect.objectContaining({ state: 'completed' })]);
  });

  it('a seller who ships without a number: nothing is sent to PayPal and nothing is queued', async () => {
    const { seller, orderId, providerOrderId } = await paypalSale();
    const shipped = await seller.client.post(`/api/order/${orderId}/ship`, {});
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({ status: 'shipped', tracking: { number: null } });
    await t.jobs.drain();

    expect(trackCalls(providerOrderId)).toEqual([]);
    expect(paypal.orders.get(providerOrderId)!.trackers).toEqual([]);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'shipped', trackingNumber: null, trackingSync: null, trackingSyncError: null });
    expect(await syncJobs(orderId)).toEqual([]);
  });
});
