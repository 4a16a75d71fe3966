import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { purchases } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createItem } from '../../test/factories';
import { startFakePayPal } from '../../test/fakes/paypal';
import { member, orderRow, type Member } from '../../test/orders';

/** What the provider reports after the sale (refunds, disputes) shows on the order, through the verified webhook. */
const paypal = await startFakePayPal();
afterAll(() => paypal.close());
const t = useTestApp(() => ({ ...paypal.env, PUBLIC_URL: 'http://keeb.test' }));

const HEADERS = { 'PAYPAL-AUTH-ALGO': 'SHA256withRSA', 'PAYPAL-CERT-URL': 'https://api.paypal.com/cert', 'PAYPAL-TRANSMISSION-ID': 'tx-1', 'PAYPAL-TRANSMISSION-SIG': 'sig' };
async function deliver(event: object) {
  let request = (await t.client()).post('/api/payment/webhook', event);
  for (const [k, v] of Object.entries({ ...HEADERS, 'PAYPAL-TRANSMISSION-TIME': new Date().toISOString() })) request = request.set(k, v);
  const res = await request;
  expect(res.status).toBe(200);
  await t.jobs.drain();
}

/** A sale through the fake PayPal: its order, and the capture id PayPal gave it. */
async function sale() {
  const seller = await member(t);
  const buyer: Member = await member(t);
  const item = await createItem(t.db.db, seller.user.id, { priceCents: 10_000, paymentEmail: 'payee@example.test' });
  const created = await buyer.client.post('/api/payment/item/create', { _id: item.id });
  const providerOrderId = new URL(created.body.redirectUrl).searchParams.get('token')!;
  paypal.approve(providerOrderId);
  expect((await buyer.client.post('/api/payment/item/process', { orderId: providerOrderId })).body.status).toBe('COMPLETED');
  const [purchase] = await t.db.db.select().from(purchases).where(eq(purchases.itemId, item.id));
  return { seller, buyer, orderId: purchase!.id, captureId: purchase!.captureId!, providerOrderId };
}

describe('provider events on an order', () => {
  it('a refund moves the order to refunded, closed, on the timeline; a redelivery changes nothing', async () => {
    const { seller, buyer, orderId, captureId } = await sale();
    await seller.client.post(`/api/order/${orderId}/ship`, {});
    await buyer.client.post(`/api/order/${orderId}/problem`, { reason: 'not_received', details: '' });
    const refund = {
      id: 'WH-REFUND-1',
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource: { id: 'REFUND-1', status: 'COMPLETED', links: [{ rel: 'up', href: `https://api.paypal.com/v2/payments/captures/${captureId}` }] },
    };
    await deliver(refund);
    const row = await orderRow(t, orderId);
    expect(row).toMatchObject({ status: 'refunded' });
    expect(row.refundedAt).not.toBeNull();
    expect(row.closedAt).not.toBeNull();
    const shown = (await buyer.client.get(`/api/order/${orderId}`)).body;
    expect(shown).toMatchObject({ status: 'refunded', problem: { resolution: 'closed' }, actions: [] });
    expect(shown.timeline.map((e: { kind: string }) => e.kind)).toEqual(['paid', 'shipped', 'problem_reported', 'refunded']);
    await deliver({ ...refund, id: 'WH-REFUND-2' });
    expect((await buyer.client.get(`/api/order/${orderId}`)).body.timeline.filter((e: { kind: string }) => e.kind === 'refunded')).toHaveLength(1);
    expect((await buyer.client.get('/api/me/notifications')).body.numOrdersToAct).toBe(0);
  });

  it('a dispute opened at PayPal shows on the timeline of the order it names, once', async () => {
    const { buyer, orderId, captureId } = await sale();
    const other = await sale();
    const dispute = {
      id: 'WH-DISPUTE-1',
      event_type: 'CUSTOMER.DISPUTE.CREATED',
      resource: { dispute_id: 'PP-D-1234', reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED', disputed_transactions: [{ seller_transaction_id: captureId }] },
    };
    await deliver(dispute);
    await deliver({ ...dispute, id: 'WH-DISPUTE-1b' });
    const shown = (await buyer.client.get(`/api/order/${orderId}`)).body;
    expect(shown.status).toBe('paid');
    expect(shown.timeline.filter((e: { kind: string }) => e.kind === 'dispute_opened')).toEqual([
      { kind: 'dispute_opened', at: expect.any(String), data: { disputeId: 'PP-D-1234', reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED' } },
    ]);
    expect((await other.buyer.client.get(`/api/order/${other.orderId}`)).body.timeline.map((e: { kind: string }) => e.kind)).toEqual(['paid']);
  });
});
