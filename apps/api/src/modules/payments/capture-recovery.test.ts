import { eq, sql } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createPayPalProvider } from '../../adapters/payment/paypal';
import { createApp } from '../../app';
import { items, orders, purchases } from '../../db/schema/index';
import { createJobQueue } from '../../platform/jobs/job-queue';
import { createLogger } from '../../platform/logger';
import { RateLimits } from '../../platform/rate-limit';
import { createSessionMiddleware } from '../../platform/session';
import { useTestApp } from '../../test/app';
import { createItem, createUser } from '../../test/factories';
import { startFakePayPal } from '../../test/fakes/paypal';
import { STALE_CAPTURE_MS } from './capture-lease';

/**
 * A capture whose process died (issue 27): the purchase is left `capturing`. Here the dead process is played by
 * what it leaves behind (the claimed row, its check job, and at PayPal the capture it made or not, made through the
 * real adapter with the purchase's request id); capture-crash.test.ts kills real API processes.
 */
const paypal = await startFakePayPal();
afterAll(() => paypal.close());
const t = useTestApp(() => ({ ...paypal.env, PUBLIC_URL: 'http://keeb.test' }));

beforeEach(() => {
  paypal.hang.clear();
  paypal.releaseHeldCaptures();
});

async function member() {
  const user = await createUser(t.db.db, { emailConfirmedAt: new Date() });
  return { user, client: await t.clientAs(user.id) };
}

/** A $100 Buy It Now listing shipping to the US for $10, and a buyer who approved its order at PayPal. */
async function approvedCheckout() {
  const seller = await createUser(t.db.db, { emailConfirmedAt: new Date() });
  const item = await createItem(t.db.db, seller.id, { priceCents: 10_000, isFixedPrice: true, paymentEmail: 'payee@example.test' });
  const buyer = await member();
  const created = await buyer.client.post('/api/payment/item/create', { _id: item.id, price: 100, shippingPrice: 10 });
  expect(created.status).toBe(200);
  const orderId = new URL(created.body.redirectUrl).searchParams.get('token')!;
  paypal.approve(orderId);
  const [purchase] = await t.db.db.select().from(purchases).where(eq(purchases.itemId, item.id));
  return { item, buyer, orderId, purchaseId: purchase!.id };
}

/**
 * What a process killed mid-capture leaves: the claim (with its last heartbeat `beatAgoMs` ago) and the check job
 * queued with it; at PayPal, the capture it made with the purchase's request id when `captured`.
 */
async function strand(purchaseId: string, orderId: string, { captured, beatAgoMs }: { captured: boolean; beatAgoMs: number }) {
  if (captured) await createPayPalProvider(t.config.paypal!).captureOrder({ orderId, requestId: `capture:${purchaseId}` });
  await t.db.db
    .update(purchases)
    .set({ status: 'capturing', updatedAt: sql`now() - ${beatAgoMs} * interval '1 millisecond'` })
    .where(eq(purchases.id, purchaseId));
  await t.jobs.send('payment-reconcile', { purchaseId, captureCheck: true }, { key: `strand:${purchaseId}` });
}

const purchaseOf = async (id: string) => (await t.db.db.select().from(purchases).where(eq(purchases.id, id)))[0]!;
const itemOf = async (id: string) => (await t.db.db.select().from(items).where(eq(items.id, id)))[0]!;
const capturesOf = (orderId: string) => paypal.callsTo('capture').filter((c) => c.path.includes(orderId));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(50);
  }
}

/** The sale as the buyer and the seller see it: captured, the item sold to the buyer, the order open. */
async function expectSold(purchaseId: string, itemId: string, buyerId: string) {
  expect(await purchaseOf(purchaseId)).toMatchObject({ status: 'captured' });
  expect(await itemOf(itemId)).toMatchObject({ purchaserId: buyerId, priceSoldCents: 10_000, paymentStatus: 'none' });
  const [order] = await t.db.db.select().from(orders).where(eq(orders.id, purchaseId));
  expect(order).toMatchObject({ status: 'paid' });
}

describe('a capture whose process died', () => {
  it('after PayPal captured it: the check job writes the sale within seconds, asking PayPal and capturing nothing more', async () => {
    const { item, buyer, orderId, purchaseId } = await approvedCheckout();
    await strand(purchaseId, orderId, { captured: true, beatAgoMs: 0 });
    const started = Date.now();
    const settled = await until(() => purchaseOf(purchaseId), (p) => p.status !== 'capturing');
    const seconds = (Date.now() - started) / 1000;
    expect(settled.status).toBe('captured');
    // Stale after STALE_CAPTURE_MS of silence, then found by the next check.
    expect(seconds).toBeLessThan(STALE_CAPTURE_MS / 1000 + 8);
    await expectSold(purchaseId, item.id, buyer.user.id);
    expect(capturesOf(orderId)).toHaveLength(1);
    expect(paypal.orders.get(orderId)!.capture).toMatchObject({ status: 'COMPLETED', amount: { value: '110.00' } });
    // The buyer who comes back (the return page posts process again) sees the sale.
    expect((await buyer.client.post('/api/payment/item/process', { orderId })).body).toEqual({ status: 'COMPLETED', itemId: item.id, priceSold: 100 });
    expect(capturesOf(orderId)).toHaveLength(1);
  });

  it('before its capture reached PayPal: the order is captured once, with the purchase request id, and sold', async () => {
    const { item, buyer, orderId, purchaseId } = await approvedCheckout();
    await strand(purchaseId, orderId, { captured: false, beatAgoMs: 60_000 });
    await until(() => purchaseOf(purchaseId), (p) => p.status !== 'capturing');
    await expectSold(purchaseId, item.id, buyer.user.id);
    expect(capturesOf(orderId).map((c) => c.headers['paypal-request-id'])).toEqual([`capture:${purchaseId}`]);
  });

  it('the buyer coming back before the job finds it settles it at once and sees the sale', async () => {
    const { item, buyer, orderId, purchaseId } = await approvedCheckout();
    await t.db.db.update(purchases).set({ status: 'capturing', updatedAt: sql`now() - interval '1 minute'` }).where(eq(purchases.id, purchaseId));
    expect((await buyer.client.post('/api/payment/item/process', { orderId })).body).toEqual({ status: 'COMPLETED', itemId: item.id, priceSold: 100 });
    await expectSold(purchaseId, item.id, buyer.user.id);
    expect(capturesOf(orderId)).toHaveLength(1);
  });

  it('at start-up, a restarted API settles a capture stranded with no check job', async () => {
    const { item, buyer, orderId, purchaseId } = await approvedCheckout();
    await createPayPalProvider(t.config.paypal!).captureOrder({ orderId, requestId: `capture:${purchaseId}` });
    await t.db.db.update(purchases).set({ status: 'capturing', updatedAt: sql`now() - interval '1 minute'` }).where(eq(purchases.id, purchaseId));
    // Nothing looks at it until a process starts.
    await t.jobs.drain();
    expect((await purchaseOf(purchaseId)).status).toBe('capturing');

    const logger = createLogger(t.config);
    const jobs = createJobQueue(t.db, { logger });
    const session = createSessionMiddleware(t.config, t.db.db);
    createApp({ config: t.config, db: t.db.db, logger, limits: new RateLimits({ db: t.db.db }), session: session.middleware, jobs });
    try {
      await jobs.start();
      await until(() => purchaseOf(purchaseId), (p) => p.status !== 'capturing');
    } finally {
      await jobs.stop();
      session.store.close();
    }
    await expectSold(purchaseId, item.id, buyer.user.id);
    expect(capturesOf(orderId)).toHaveLength(1);
  });
});

describe('a capture whose process could not learn its outcome', () => {
  it('(PayPal captured, its answer never came) is settled by the check within seconds, without the buyer and without a second capture', async () => {
    const { item, buyer, orderId, purchaseId } = await approvedCheckout();
    paypal.hang.add('capture');
    // The adapter gives up after its timeout: the buyer hears payment_processing, the item is still pending.
    expect((await buyer.client.post('/api/payment/item/process', { orderId })).body).toEqual({ message: 'payment_processing' });
    const gaveUp = Date.now();
    expect((await itemOf(item.id)).paymentStatus).toBe('pending');
    const settled = await until(() => purchaseOf(purchaseId), (p) => p.status !== 'capturing');
    expect(settled.status).toBe('captured');
    expect((Date.now() - gaveUp) / 1000).toBeLessThan(STALE_CAPTURE_MS / 1000 + 8);
    await expectSold(purchaseId, item.id, buyer.user.id);
    expect(capturesOf(orderId)).toHaveLength(1);
  });
});

describe('a capture in flight on a live process', () => {
  it('is not taken over: its claim keeps beating, the check finds it alive, and PayPal is asked nothing', async () => {
    const { item, buyer, orderId, purchaseId } = await approvedCheckout();
    paypal.hang.add('capture');
    const processing = buyer.client.post('/api/payment/item/process', { orderId }).then((res) => res);
    // The capture is made at PayPal and its answer held: slow PayPal, a live process waiting on it.
    await until(async () => paypal.heldCaptureCount(), (n) => n === 1);
    const claimed = await purchaseOf(purchaseId);
    expect(claimed.status).toBe('capturing');
    // Its heartbeat moves while it waits.
    const beating = await until(() => purchaseOf(purchaseId), (p) => p.updatedAt > claimed.updatedAt, 5000);
    expect(beating.updatedAt.getTime()).toBeGreaterThan(claimed.updatedAt.getTime());
    const gets = paypal.callsTo('get').length;
    await t.jobs.send('payment-reconcile', { purchaseId, captureCheck: true }, { key: `check-live:${purchaseId}` });
    await t.jobs.drain();
    expect((await purchaseOf(purchaseId)).status).toBe('capturing');
    expect(paypal.callsTo('get').length).toBe(gets);
    // The buyer's request gets PayPal's answer once it comes: the sale, from the one capture.
    paypal.releaseHeldCaptures();
    expect((await processing).body).toEqual({ status: 'COMPLETED', itemId: item.id, priceSold: 100 });
    await expectSold(purchaseId, item.id, buyer.user.id);
    expect(capturesOf(orderId)).toHaveLength(1);
  });

  it('held by another process: left alone while it beats, settled within seconds once it stops', async () => {
    const { item, buyer, orderId, purchaseId } = await approvedCheckout();
    await strand(purchaseId, orderId, { captured: true, beatAgoMs: 0 });
    // The other process's heartbeat, as capture-lease.ts beats it.
    const beat = setInterval(() => void t.db.db.update(purchases).set({ updatedAt: sql`now()` }).where(eq(purchases.id, purchaseId)).execute(), 500);
    try {
      // Longer than the stale limit, with checks running (the first one at once).
      await sleep(STALE_CAPTURE_MS + 2000);
      expect((await purchaseOf(purchaseId)).status).toBe('capturing');
      expect(paypal.callsTo('get').filter((c) => c.path.includes(orderId))).toHaveLength(0);
    } finally {
      clearInterval(beat);
    }
    const stopped = Date.now();
    await until(() => purchaseOf(purchaseId), (p) => p.status !== 'capturing');
    expect((Date.now() - stopped) / 1000).toBeLessThan(STALE_CAPTURE_MS / 1000 + 8);
    await expectSold(purchaseId, item.id, buyer.user.id);
    expect(capturesOf(orderId)).toHaveLength(1);
  });
});
