import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { offerEvents, offers } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createItem, createUser, listingInput } from '../../test/factories';
import { readOutbox } from '../../test/outbox';
import { AUTO_DECLINES_PER_DAY } from './service';

const t = useTestApp();

async function member(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db.db, { emailConfirmedAt: new Date(), phoneVerifiedAt: new Date(), ...overrides });
  return { user, client: await t.clientAs(user.id) };
}
type Member = Awaited<ReturnType<typeof member>>;

/** A $100 listing taking offers, declining below $60 and accepting from $90 unless told otherwise. */
async function guarded(overrides: Parameters<typeof createItem>[2] = {}) {
  const seller = await member();
  const item = await createItem(t.db.db, seller.user.id, { offersAccepted: true, isFixedPrice: true, autoDeclineBelowCents: 6_000, autoAcceptAtCents: 9_000, ...overrides });
  return { seller, item };
}

const offer = (buyer: Member, itemId: string, offerPrice: string) => buyer.client.post('/api/offer', { itemId, offerPrice, offerShippingPrice: 0 });
const offerRow = async (id: string) => (await t.db.db.select().from(offers).where(eq(offers.id, id)))[0]!;
const eventsOf = async (id: string) => (await t.db.db.select({ transition: offerEvents.transition, actorId: offerEvents.actorId }).from(offerEvents).where(eq(offerEvents.offerId, id)).orderBy(offerEvents.at)).map((e) => [e.transition, e.actorId]);
const counts = async (m: Member) => (await m.client.get('/api/me/notifications')).body.numNewOffers;

async function jobsFor(offerId: string) {
  const { rows } = (await t.db.db.execute(sql`select name from pgboss.job where data->>'offerId' = ${offerId} order by name`)) as unknown as { rows: Array<{ name: string }> };
  return rows.map((r) => r.name);
}

describe('auto-decline floor', () => {
  it('an offer below the floor is declined at once: nothing pending, no mail to the seller, the buyer may offer again', async () => {
    const { seller, item } = await guarded();
    const buyer = await member();
    const res = await offer(buyer, item.id, '59.99');
    expect(res.status).toBe(200);
    // The buyer's own price and nothing about the floor.
    expect(res.body).toEqual({ _id: expect.any(String), status: 'declined', price: 59.99, shippingPrice: 10, autoDeclined: true });
    expect(await offerRow(res.body._id)).toMatchObject({ status: 'declined', autoDecided: true });
    expect(await eventsOf(res.body._id)).toEqual([['make', buyer.user.id], ['autoDecline', null]]);

    expect((await seller.client.get('/api/me/offers/received')).body).toEqual([]);
    expect(await counts(seller)).toBe(0);
    expect(await counts(buyer)).toBe(0);
    expect((await buyer.client.get('/api/me/offers/sent')).body.map((o: { status: string }) => o.status)).toEqual(['declined']);
    expect((await readOutbox(t.config.outboxDir)).filter((m) => m.to === seller.user.email)).toEqual([]);

    const again = await offer(buyer, item.id, '60');
    expect(again.body).toEqual({ _id: expect.any(String), status: 'pending', price: 60, shippingPrice: 10 });
    expect(await counts(seller)).toBe(1);
    expect((await readOutbox(t.config.outboxDir)).filter((m) => m.to === seller.user.email).map((m) => m.subject)).toEqual([`New offer on ${item.name}`]);
  });

  it(`after ${AUTO_DECLINES_PER_DAY} automatic declines in a day the buyer's next offer on that listing waits, whatever its price`, async () => {
    const { item } = await guarded();
    const buyer = await member();
    for (let i = 0; i < AUTO_DECLINES_PER_DAY; i++) {
      const res = await offer(buyer, item.id, String(40 + i));
      expect(res.body.status).toBe('declined');
      // Deleting a declined offer does not reset the count.
      await buyer.client.delete(`/api/offer/${res.body._id}/remove`);
    }
    expect(await offer(buyer, item.id, '85')).toMatchObject({ status: 429, body: { message: 'TooManyRequests' } });
    expect(await t.db.db.select().from(offers).where(eq(offers.status, 'pending'))).toEqual([]);
    // Another buyer is not held back.
    expect((await offer(await member(), item.id, '85')).body.status).toBe('pending');
  });

  it('raising the floor declines the pending offers below it (buyers told as by a decline) and leaves the rest', async () => {
    const { seller, item } = await guarded({ isFixedPrice: false, autoDeclineBelowCents: null, autoAcceptAtCents: null });
    const [low, mid, high, countered] = await Promise.all(Array.from({ length: 4 }, () => member()));
    const lowId = (await offer(low!, item.id, '70')).body._id;
    const midId = (await offer(mid!, item.id, '80')).body._id;
    const highId = (await offer(high!, item.id, '95')).body._id;
    const counteredId = (await offer(countered!, item.id, '50')).body._id;
    await seller.client.post(`/api/offer/${counteredId}/counter-seller`, { counterPrice: '90' });
    await seller.client.get('/api/me/offers/received');

    const edit = await seller.client.put(`/api/item/${item.id}`, listingInput(seller.user.id, { autoDeclineBelow: '80' }));
    expect(edit.status).toBe(200);
    expect(await offerRow(lowId)).toMatchObject({ status: 'declined', autoDecided: true });
    expect(await eventsOf(lowId)).toEqual([['make', low!.user.id], ['autoDecline', null]]);
    for (const id of [midId, highId]) expect((await offerRow(id)).status).toBe('pending');
    expect((await offerRow(counteredId)).status).toBe('countered');
    expect(await counts(low!)).toBe(1);
    const mails = await readOutbox(t.config.outboxDir);
    expect(mails.filter((m) => m.to === low!.user.email).map((m) => m.subject)).toContain(`Your offer on ${listingInput(seller.user.id).name} was declined`);
    expect(mails.filter((m) => [mid, high].some((b) => b!.user.email === m.to) && /declined/.test(m.subject))).toEqual([]);

    // An edit that keeps or lowers the floor declines nothing more.
    await seller.client.put(`/api/item/${item.id}`, listingInput(seller.user.id, { autoDeclineBelow: '75' }));
    expect((await offerRow(midId)).status).toBe('pending');
  });
});

describe('auto-accept price', () => {
  it('the first offer at or above it is accepted at once: the payment window, its jobs and the mails of an accept', async () => {
    const { seller, item } = await guarded();
    const buyer = await member();
    const res = await offer(buyer, item.id, '90');
    expect(res.body).toEqual({ _id: expect.any(String), status: 'accepted', price: 90, shippingPrice: 10, autoAccepted: true, timeAccepted: expect.any(String) });
    const row = await offerRow(res.body._id);
    expect(row).toMatchObject({ status: 'accepted', autoDecided: true });
    expect(row.timeAccepted!.toISOString()).toBe(res.body.timeAccepted);
    expect(await eventsOf(res.body._id)).toEqual([['make', buyer.user.id], ['autoAccept', null]]);
    expect(await jobsFor(res.body._id)).toEqual(['offer-expiry', 'offer-expiry-warning']);

    const mails = await readOutbox(t.config.outboxDir);
    expect(mails.filter((m) => m.to === buyer.user.email).map((m) => m.subject)).toEqual([`Your offer on ${item.name} was accepted`]);
    expect(mails.filter((m) => m.to === seller.user.email).map((m) => m.subject)).toEqual([`Offer accepted automatically on ${item.name}`]);
    expect((await buyer.client.get('/api/me/offers/sent')).body[0]).toMatchObject({ status: 'accepted', timeAccepted: res.body.timeAccepted });
    expect((await seller.client.get('/api/me/offers/received')).body[0]).toMatchObject({ containsAcceptedOffer: true });

    // The item is held for that buyer: the next offer at the price waits for the seller.
    const next = await offer(await member(), item.id, '99');
    expect(next.body.status).toBe('pending');
  });

  it('5 buyers offering the auto-accept price at once: exactly one accepted, the others pending', async () => {
    const { item } = await guarded();
    const buyers = await Promise.all(Array.from({ length: 5 }, () => member()));
    const answers = await Promise.all(buyers.map((b) => offer(b, item.id, '92')));
    expect(answers.map((r) => r.status)).toEqual(Array(5).fill(200));
    expect(answers.map((r) => r.body.status).sort()).toEqual(['accepted', 'pending', 'pending', 'pending', 'pending']);
    const rows = await t.db.db.select({ status: offers.status }).from(offers).where(eq(offers.itemId, item.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['accepted', 'pending', 'pending', 'pending', 'pending']);
  });

  it('an accepted offer whose window passed does not keep the next offer at the price from being accepted', async () => {
    const { item } = await guarded();
    const first = (await offer(await member(), item.id, '90')).body._id;
    await t.db.db.update(offers).set({ timeAccepted: new Date(Date.now() - 25 * 3_600_000) }).where(eq(offers.id, first));
    expect((await offer(await member(), item.id, '91')).body.status).toBe('accepted');
    expect((await offerRow(first)).status).toBe('expired');
  });

  it('below it (and at or above the floor) the offer waits for the seller', async () => {
    const { item } = await guarded();
    const res = await offer(await member(), item.id, '89.99');
    expect(res.body.status).toBe('pending');
    expect(await t.db.db.select().from(offers).where(and(eq(offers.itemId, item.id), eq(offers.autoDecided, true)))).toEqual([]);
  });
});

describe("a buyer's counter", () => {
  /** A $70 offer the seller countered at $95: the buyer answers with their counter. */
  async function countered(overrides: Parameters<typeof createItem>[2] = {}) {
    const { seller, item } = await guarded(overrides);
    const buyer = await member();
    const offerId = (await offer(buyer, item.id, '70')).body._id as string;
    expect((await seller.client.post(`/api/offer/${offerId}/counter-seller`, { counterPrice: '95' })).status).toBe(200);
    const counter = (price: string) => buyer.client.post(`/api/offer/${offerId}/counter-buyer`, { counterPrice: price });
    return { seller, item, buyer, offerId, counter };
  }

  it('at or above the auto-accept price is accepted at once, as a new offer at that price would be', async () => {
    const { seller, item, buyer, offerId, counter } = await countered();
    const res = await counter('90');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ offerId, status: 'accepted', price: 90, counterPrice: 90, autoAccepted: true, timeAccepted: expect.any(String) });
    expect(await offerRow(offerId)).toMatchObject({ status: 'accepted', priceCents: 9_000, counterPriceCents: null, autoDecided: true });
    expect(await eventsOf(offerId)).toEqual([['make', buyer.user.id], ['counterSeller', seller.user.id], ['counterBuyer', buyer.user.id], ['autoAccept', null]]);
    expect(await jobsFor(offerId)).toEqual(['offer-expiry', 'offer-expiry-warning']);
    const mails = await readOutbox(t.config.outboxDir);
    expect(mails.filter((m) => m.to === buyer.user.email).map((m) => m.subject)).toContain(`Your offer on ${item.name} was accepted`);
    expect(mails.filter((m) => m.to === seller.user.email).map((m) => m.subject)).toEqual([`New offer on ${item.name}`, `Offer accepted automatically on ${item.name}`]);
    expect((await buyer.client.get('/api/me/offers/sent')).body[0]).toMatchObject({ status: 'accepted', price: 90, counterPrice: null });
  });

  it('below the floor is not declined: the seller is negotiating it, so it waits for them', async () => {
    const { seller, item, offerId, counter } = await countered();
    const res = await counter('50');
    expect(res.body).toEqual({ offerId, status: 'pending', price: 50, counterPrice: 50 });
    expect(await offerRow(offerId)).toMatchObject({ status: 'pending', autoDecided: false });
    expect((await readOutbox(t.config.outboxDir)).filter((m) => m.to === seller.user.email).map((m) => m.subject)).toContain(`Counter-offer on ${item.name}`);
  });

  it('at the price while another offer holds the item waits for the seller', async () => {
    const { item, offerId, counter } = await countered();
    expect((await offer(await member(), item.id, '99')).body.status).toBe('accepted');
    expect((await counter('92')).body).toMatchObject({ status: 'pending' });
    expect((await offerRow(offerId)).status).toBe('pending');
  });

  it('with no auto-accept price waits for the seller whatever its price', async () => {
    const { offerId, counter } = await countered({ autoAcceptAtCents: null });
    expect((await counter('95')).body).toMatchObject({ status: 'pending' });
    expect((await offerRow(offerId)).status).toBe('pending');
  });
});
