import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { items, purchases } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createItem } from '../../test/factories';
import { member, type Member } from '../../test/orders';

/**
 * Issue 36, probe finding 5: one buyer held any number of listings (25 of 25 checkouts, 30 minutes each, renewed
 * by cancel and create). A buyer holds at most two unpaid checkouts at a time, and one who gives up checkouts of a
 * listing three times within an hour waits before holding it again.
 */
const t = useTestApp({ PUBLIC_URL: 'http://keeb.test' });

const create = (who: Member, itemId: string) => who.client.post('/api/payment/item/create', { _id: itemId });
const cancel = (who: Member, itemId: string) => who.client.post('/api/payment/item/cancel', { _id: itemId });
const paymentStatus = async (id: string) => (await t.db.db.select({ s: items.paymentStatus }).from(items).where(eq(items.id, id)))[0]?.s;
const openOf = async (buyerId: string) => t.db.db.select({ itemId: purchases.itemId }).from(purchases).where(and(eq(purchases.buyerId, buyerId), eq(purchases.status, 'open')));

async function listings(n: number) {
  const seller = await member(t);
  return { seller, ids: await Promise.all(Array.from({ length: n }, async () => (await createItem(t.db.db, seller.user.id)).id)) };
}

describe('POST /api/payment/item/create: at most two unpaid checkouts per buyer', () => {
  it('a third answers 409 too_many_checkouts and holds nothing; the two held can be resumed; one cancelled frees a place', async () => {
    const buyer = await member(t);
    const { ids } = await listings(3);
    expect((await create(buyer, ids[0]!)).status).toBe(200);
    expect((await create(buyer, ids[1]!)).status).toBe(200);
    expect(await create(buyer, ids[2]!)).toMatchObject({ status: 409, body: { message: 'too_many_checkouts', limit: 2 } });
    expect(await paymentStatus(ids[2]!)).toBe('none');
    expect(await openOf(buyer.user.id)).toHaveLength(2);
    // Resuming one already held is not a new hold.
    expect((await create(buyer, ids[1]!)).status).toBe(200);
    expect((await cancel(buyer, ids[0]!)).status).toBe(200);
    expect((await create(buyer, ids[2]!)).status).toBe(200);
    // Another buyer is not counted with this one.
    const other = await member(t);
    expect((await create(other, ids[0]!)).status).toBe(200);
  });

  it('is race-safe: four creates at once on four listings, two holds and two 409s', async () => {
    const buyer = await member(t);
    const { ids } = await listings(4);
    const answers = await Promise.all(ids.map((id) => create(buyer, id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 409, 409]);
    expect(await openOf(buyer.user.id)).toHaveLength(2);
    const pending = await t.db.db.select({ id: items.id }).from(items).where(and(sql`${items.id} in ${ids}`, eq(items.paymentStatus, 'pending')));
    expect(pending).toHaveLength(2);
  });
});

describe('POST /api/payment/item/create: giving up a listing three times in an hour', () => {
  it('makes the buyer wait (429 checkout_cooldown with timeLeft) before holding it again; others and other listings are not held back', async () => {
    const buyer = await member(t);
    const { ids } = await listings(2);
    const [item, elsewhere] = ids as [string, string];
    for (let i = 0; i < 3; i++) {
      expect((await create(buyer, item)).status).toBe(200);
      expect((await cancel(buyer, item)).status).toBe(200);
    }
    const refused = await create(buyer, item);
    expect(refused).toMatchObject({ status: 429, body: { message: 'checkout_cooldown' } });
    expect(refused.body.timeLeft).toBeGreaterThan(3500);
    expect(refused.body.timeLeft).toBeLessThanOrEqual(3600);
    expect(await paymentStatus(item)).toBe('none');
    expect((await create(await member(t), item)).status).toBe(200);
    expect((await create(buyer, elsewhere)).status).toBe(200);
  });

  it('the wait ends an hour after the oldest of the three', async () => {
    const buyer = await member(t);
    const { ids } = await listings(1);
    const item = ids[0]!;
    for (let i = 0; i < 3; i++) {
      await create(buyer, item);
      await cancel(buyer, item);
    }
    expect((await create(buyer, item)).status).toBe(429);
    // The oldest of them is now 61 minutes old: two left in the hour.
    const [oldest] = await t.db.db.select({ id: purchases.id }).from(purchases).where(eq(purchases.itemId, item)).orderBy(purchases.createdAt).limit(1);
    await t.db.db.update(purchases).set({ updatedAt: new Date(Date.now() - 61 * 60_000) }).where(eq(purchases.id, oldest!.id));
    expect((await create(buyer, item)).status).toBe(200);
  });
});

describe('POST /api/payment/item/create: holds left to run out count as giving up', () => {
  // As payments.test.ts simulates 30 minutes passing: the hold's lock set a minute into the past.
  const lapse = (itemId: string) => t.db.db.update(purchases).set({ lockedUntil: sql`now() - interval '1 minute'` }).where(and(eq(purchases.itemId, itemId), eq(purchases.status, 'open')));
  /** The scheduled reconciliation, due now, run as the job queue would run it once the lock ran out. */
  const runReconcile = async () => {
    await t.db.db.execute(sql`update pgboss.job set start_after = now() where name = 'payment-reconcile' and state = 'created'`);
    await t.jobs.drain();
  };
  const statusesOf = async (buyerId: string, itemId: string) =>
    (await t.db.db.select({ s: purchases.status }).from(purchases).where(and(eq(purchases.buyerId, buyerId), eq(purchases.itemId, itemId)))).map((r) => r.s).sort();

  it('three holds released by the scheduled job when they ran out: the fourth create answers 429 checkout_cooldown; another buyer may hold it', async () => {
    const buyer = await member(t);
    const { ids } = await listings(2);
    const [item, elsewhere] = ids as [string, string];
    for (let i = 0; i < 3; i++) {
      expect((await create(buyer, item)).status).toBe(200);
      await lapse(item);
      await runReconcile();
      expect(await paymentStatus(item)).toBe('none');
    }
    expect(await statusesOf(buyer.user.id, item)).toEqual(['abandoned', 'abandoned', 'abandoned']);
    const refused = await create(buyer, item);
    expect(refused).toMatchObject({ status: 429, body: { message: 'checkout_cooldown' } });
    expect(refused.body.timeLeft).toBeGreaterThan(3500);
    expect(refused.body.timeLeft).toBeLessThanOrEqual(3600);
    expect(await paymentStatus(item)).toBe('none');
    expect(await openOf(buyer.user.id)).toHaveLength(0);
    // Held back from this listing only, and only this buyer.
    expect((await create(buyer, elsewhere)).status).toBe(200);
    const other = await member(t);
    expect((await create(other, item)).status).toBe(200);
  });

  it('a lapsed hold the buyer comes back to counts too (released by their own create): the third return is refused', async () => {
    const buyer = await member(t);
    const { ids } = await listings(1);
    const item = ids[0]!;
    expect((await create(buyer, item)).status).toBe(200);
    // Each return finds the last hold run out, gives it up, and holds again: two lapses, still allowed.
    for (let i = 0; i < 2; i++) {
      await lapse(item);
      expect((await create(buyer, item)).status).toBe(200);
    }
    await lapse(item);
    expect(await create(buyer, item)).toMatchObject({ status: 429, body: { message: 'checkout_cooldown' } });
    expect(await statusesOf(buyer.user.id, item)).toEqual(['abandoned', 'abandoned', 'abandoned']);
    expect(await paymentStatus(item)).toBe('none');
  });

  it('mixed: two lapses and a cancel also make three; the wait ends an hour after the oldest', async () => {
    const buyer = await member(t);
    const { ids } = await listings(1);
    const item = ids[0]!;
    for (let i = 0; i < 2; i++) {
      expect((await create(buyer, item)).status).toBe(200);
      await lapse(item);
      await runReconcile();
    }
    expect((await create(buyer, item)).status).toBe(200);
    expect((await cancel(buyer, item)).status).toBe(200);
    expect((await create(buyer, item)).status).toBe(429);
    // 59 minutes after the oldest: still waiting, about a minute left.
    const [oldest] = await t.db.db.select({ id: purchases.id }).from(purchases).where(eq(purchases.itemId, item)).orderBy(purchases.createdAt).limit(1);
    await t.db.db.update(purchases).set({ updatedAt: new Date(Date.now() - 59 * 60_000) }).where(eq(purchases.id, oldest!.id));
    const still = await create(buyer, item);
    expect(still).toMatchObject({ status: 429, body: { message: 'checkout_cooldown' } });
    expect(still.body.timeLeft).toBeGreaterThan(0);
    expect(still.body.timeLeft).toBeLessThanOrEqual(60);
    // 61 minutes: two left in the hour, the buyer may hold it again.
    await t.db.db.update(purchases).set({ updatedAt: new Date(Date.now() - 61 * 60_000) }).where(eq(purchases.id, oldest!.id));
    expect((await create(buyer, item)).status).toBe(200);
  });
});

describe('who holds a listing', () => {
  it("the seller's item page shows it held ('pending'), never by whom; logged out, no checkout at all", async () => {
    const buyer = await member(t);
    const { seller, ids } = await listings(1);
    expect((await create(buyer, ids[0]!)).status).toBe(200);
    const page = await seller.client.get(`/api/item/${ids[0]}`);
    expect(page.body.item.paymentStatus).toBe('pending');
    const text = JSON.stringify(page.body);
    expect(text).not.toContain(buyer.user.id);
    expect(text).not.toContain(buyer.user.username);
    expect((await (await t.client()).post('/api/payment/item/create', { _id: ids[0] })).status).toBe(401);
  });

  it("a signed-out visitor's item page shows it held ('pending') without a holder, and another buyer is told it is pending", async () => {
    const buyer = await member(t);
    const { ids } = await listings(1);
    expect((await create(buyer, ids[0]!)).status).toBe(200);
    const page = await (await t.client()).get(`/api/item/${ids[0]}`);
    expect(page.status).toBe(200);
    expect(page.body.item.paymentStatus).toBe('pending');
    const text = JSON.stringify(page.body);
    expect(text).not.toContain(buyer.user.id);
    expect(text).not.toContain(buyer.user.username);
    expect(await create(await member(t), ids[0]!)).toMatchObject({ status: 409, body: { message: 'payment_pending' } });
  });
});
