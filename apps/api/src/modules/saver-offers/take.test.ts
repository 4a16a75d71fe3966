import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAYMENT_WINDOW_MS } from '@keeb/shared';
import { items, offerEvents, offers, purchases, saverOffers, users } from '../../db/schema/index';
import { RateLimits } from '../../platform/rate-limit';
import { useTestApp } from '../../test/app';
import { createOffersService } from '../offers/service';
import { createSaverOffersService } from './service';
import { readOutbox } from '../../test/outbox';
import { collect, useRealtime } from '../../test/realtime';
import { ageOffer, member, savedListing, sendOffer, takeOffer } from './test-world';

const t = useTestApp({ PUBLIC_URL: 'http://keeb.test' });
const rt = useRealtime(t, { appUrl: 'http://keeb.test' });
const DAY = 24 * 60 * 60 * 1000;
const GONE = { message: 'saver_offer_gone' };

/** A listing saved by `savers` users, and the seller's $80 offer to them. */
async function sentOffer(savers = 2, overrides: Parameters<typeof savedListing>[2] = {}) {
  const world = await savedListing(t, savers, overrides);
  const sent = await sendOffer(world.seller, world.item.id, '80');
  expect(sent.status).toBe(200);
  return { ...world, id: sent.body._id as string };
}

const acceptedOffers = (itemId: string) => t.db.db.select().from(offers).where(eq(offers.itemId, itemId)).then((rows) => rows.filter((o) => o.status === 'accepted'));

describe('POST /api/saver-offer/{id}/take', () => {
  it('makes an accepted offer at that price for the taker, which they pay as any accepted offer', async () => {
    const { seller, item, fans, id } = await sentOffer(2);
    const [taker, other] = [fans[0]!, fans[1]!];
    await t.jobs.drain();
    const gonePushes = collect(await rt.open(other.client.cookie), 'savedItemUpdate');
    const takerPushes = collect(await rt.open(taker.client.cookie), 'savedItemUpdate');
    const res = await takeOffer(taker, id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ offerId: expect.any(String), itemId: item.id });

    const sent = (await taker.client.get('/api/me/offers/sent')).body;
    expect(sent).toEqual([expect.objectContaining({ _id: res.body.offerId, price: 80, shippingPrice: 10, status: 'accepted', timeAccepted: expect.any(String) })]);
    const received = (await seller.client.get('/api/me/offers/received')).body;
    expect(received[0]).toMatchObject({ _id: item.id, containsAcceptedOffer: true, offers: [{ _id: res.body.offerId, price: 80, status: 'accepted', offererId: { _id: taker.user.id } }] });
    expect((await t.db.db.select({ e: offerEvents.transition }).from(offerEvents).where(eq(offerEvents.offerId, res.body.offerId))).map((r) => r.e)).toEqual(['make', 'accept']);
    // The usual payment path: checkout at the offer's price.
    expect((await taker.client.post('/api/payment/item/create', { _id: item.id })).status).toBe(200);
    const [purchase] = await t.db.db.select({ itemCents: purchases.itemCents, offerId: purchases.offerId }).from(purchases).where(eq(purchases.itemId, item.id));
    expect(purchase).toEqual({ itemCents: 8000, offerId: res.body.offerId });

    // The others hear it is gone; the lists say who has it.
    await t.jobs.drain();
    await expect.poll(() => gonePushes.length).toBe(1);
    expect(gonePushes[0]).toEqual({ kind: 'saverOfferGone', item: { _id: item.id, name: item.name, thumbnail: item.thumbnail, price: 100 }, saverOfferId: id, text: 'Someone else took this offer first, or it has ended.', path: '/me/vault' });
    expect(takerPushes).toEqual([]);
    expect((await taker.client.get('/api/me/saver-offers')).body.saverOffers).toEqual([expect.objectContaining({ _id: id, status: 'taken', offerId: res.body.offerId })]);
    expect((await other.client.get('/api/me/saver-offers')).body.saverOffers).toEqual([expect.objectContaining({ _id: id, status: 'gone', offerId: null })]);
    expect(await takeOffer(other, id)).toMatchObject({ status: 409, body: GONE });

    const mails = await readOutbox(t.config.outboxDir);
    expect(mails.find((m) => m.to === taker.user.email && m.subject === `Your offer on ${item.name} was accepted`)).toBeDefined();
    expect(mails.find((m) => m.to === seller.user.email)?.subject).toBe(`${taker.user.username} took your offer on ${item.name}`);
  });

  it('ONE WINNER: five savers taking at once get one 200 and four saver_offer_gone, and one accepted offer', async () => {
    for (let round = 0; round < 3; round++) {
      const { item, fans, id } = await sentOffer(5);
      const answers = await Promise.all(fans.map((fan) => takeOffer(fan, id)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status !== 200).map((a) => [a.status, a.body])).toEqual(Array(4).fill([409, GONE]));
      const accepted = await acceptedOffers(item.id);
      expect(accepted).toHaveLength(1);
      const [row] = await t.db.db.select().from(saverOffers).where(eq(saverOffers.id, id));
      const winner = fans[answers.findIndex((a) => a.status === 200)]!;
      expect(row).toMatchObject({ takenBy: winner.user.id, offerId: accepted[0]!.id });
      expect(accepted[0]).toMatchObject({ buyerId: winner.user.id, priceCents: 8000 });
      expect(await t.db.db.select().from(offers).where(eq(offers.itemId, item.id))).toHaveLength(1);
    }
  });

  it('is gone 24 hours after it was sent', async () => {
    const { item, fans, id } = await sentOffer(1);
    await ageOffer(t, id, DAY - 60_000);
    expect((await fans[0]!.client.get('/api/me/saver-offers')).body.saverOffers[0].status).toBe('open');
    await ageOffer(t, id, 60_000);
    expect((await fans[0]!.client.get('/api/me/saver-offers')).body.saverOffers[0].status).toBe('expired');
    expect(await takeOffer(fans[0]!, id)).toMatchObject({ status: 409, body: GONE });
    expect(await t.db.db.select().from(offers).where(eq(offers.itemId, item.id))).toEqual([]);
    // Listed for a week after it was sent, then no more.
    await ageOffer(t, id, 6 * DAY - 60_000);
    expect((await fans[0]!.client.get('/api/me/saver-offers')).body.saverOffers).toHaveLength(1);
    await ageOffer(t, id, 120_000);
    expect((await fans[0]!.client.get('/api/me/saver-offers')).body.saverOffers).toEqual([]);
  });

  it('is gone once the item cannot be sold to them: sold, removed, held by another accepted offer', async () => {
    const sold = await sentOffer(1);
    await t.db.db.update(items).set({ purchaserId: sold.seller.user.id, priceSoldCents: 10_000 }).where(eq(items.id, sold.item.id));
    expect(await takeOffer(sold.fans[0]!, sold.id)).toMatchObject({ status: 409, body: GONE });
    expect((await sold.fans[0]!.client.get('/api/me/saver-offers')).body.saverOffers[0].status).toBe('gone');

    const removed = await sentOffer(1);
    await t.db.db.update(items).set({ removedAt: new Date() }).where(eq(items.id, removed.item.id));
    expect(await takeOffer(removed.fans[0]!, removed.id)).toMatchObject({ status: 409, body: GONE });

    const held = await sentOffer(1);
    const buyer = await member(t);
    await t.db.db.insert(offers).values({ itemId: held.item.id, buyerId: buyer.user.id, sellerId: held.seller.user.id, priceCents: 9000, shippingCents: 1000, regionCode: 'US', status: 'accepted', timeAccepted: new Date() });
    expect((await held.fans[0]!.client.get('/api/me/saver-offers')).body.saverOffers[0].status).toBe('gone');
    expect(await takeOffer(held.fans[0]!, held.id)).toMatchObject({ status: 409, body: GONE });
    // Its window passed unpaid: the item is free again, and the offer to savers can be taken.
    await t.db.db.update(offers).set({ timeAccepted: new Date(Date.now() - PAYMENT_WINDOW_MS - 1000) }).where(eq(offers.itemId, held.item.id));
    expect((await takeOffer(held.fans[0]!, held.id)).status).toBe(200);
    expect(await acceptedOffers(held.item.id)).toEqual([expect.objectContaining({ buyerId: held.fans[0]!.user.id })]);
  });

  it('is refused while the seller is away, and still stands for when they are back', async () => {
    const { seller, fans, id } = await sentOffer(1);
    const until = new Date(Date.now() + DAY);
    await t.db.db.update(users).set({ awayUntil: until }).where(eq(users.id, seller.user.id));
    expect(await takeOffer(fans[0]!, id)).toMatchObject({ status: 409, body: { message: 'seller_away', until: until.toISOString() } });
    await t.db.db.update(users).set({ awayUntil: null }).where(eq(users.id, seller.user.id));
    expect((await takeOffer(fans[0]!, id)).status).toBe(200);
  });

  it("closes the taker's own pending offer on the item, which the seller's price supersedes", async () => {
    const { item, fans, id } = await sentOffer(1);
    const own = await fans[0]!.client.post('/api/offer', { itemId: item.id, offerPrice: '70', offerShippingPrice: 0 });
    expect(own.body.status).toBe('pending');
    const res = await takeOffer(fans[0]!, id);
    expect(res.status).toBe(200);
    const rows = await t.db.db.select({ id: offers.id, status: offers.status }).from(offers).where(eq(offers.itemId, item.id));
    expect(rows.sort((a, b) => a.status.localeCompare(b.status))).toEqual([
      { id: res.body.offerId, status: 'accepted' },
      { id: own.body._id, status: 'closed' },
    ]);
  });

  it("refuses a taker the listing does not ship to with the offers' own code, and leaves it to the others", async () => {
    const { fans, id } = await sentOffer(2);
    await t.db.db.update(users).set({ shippingRegionCode: 'AS' }).where(eq(users.id, fans[0]!.user.id));
    expect(await takeOffer(fans[0]!, id)).toMatchObject({ status: 409, body: { message: 'no_shipping' } });
    expect((await fans[0]!.client.get('/api/me/saver-offers')).body.saverOffers[0].status).toBe('open');
    expect((await takeOffer(fans[1]!, id)).status).toBe(200);
  });

  it('answers 404 to anyone it was not sent to (a later saver, the seller, a stranger) and 401 logged out', async () => {
    const { seller, item, id } = await sentOffer(1);
    const late = await member(t);
    await late.client.post(`/api/item/${item.id}/save`).expect(200);
    for (const who of [late, seller, await member(t)]) expect(await takeOffer(who, id)).toMatchObject({ status: 404, body: { message: 'not_found' } });
    expect((await takeOffer(late, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await takeOffer(late, 'nope')).status).toBe(404);
    expect(await takeOffer({ client: await t.client() } as never, id)).toMatchObject({ status: 401, body: { message: 'must login' } });
    expect(await t.db.db.select().from(offers)).toEqual([]);
  });
});

describe('the last guard', () => {
  it('an accepted offer that slipped past the checks meets offers_one_accepted_per_item: gone, and nothing is taken', async () => {
    const { item, seller, fans, id } = await sentOffer(1);
    const buyer = await member(t);
    await t.db.db.insert(offers).values({ itemId: item.id, buyerId: buyer.user.id, sellerId: seller.user.id, priceCents: 9000, shippingCents: 1000, regionCode: 'US', status: 'accepted', timeAccepted: new Date() });
    const realOffers = createOffersService({ db: t.db.db, config: t.config, jobs: t.jobs, limits: new RateLimits({ db: t.db.db }) });
    // A check that misses the accepted offer, so that only the database's index stands in the way.
    const blind = createSaverOffersService({ db: t.db.db, config: t.config, jobs: t.jobs, hub: { toUsers: () => {} }, offers: { ...realOffers, held: async () => false } });
    await expect(blind.take(fans[0]!.user.id, id)).rejects.toMatchObject({ status: 409, code: 'saver_offer_gone' });
    const [row] = await t.db.db.select().from(saverOffers).where(eq(saverOffers.id, id));
    expect(row).toMatchObject({ takenBy: null, offerId: null });
    expect(await acceptedOffers(item.id)).toEqual([expect.objectContaining({ buyerId: buyer.user.id })]);
  });
});

describe('GET /api/me/saver-offers', () => {
  it('answers 401 logged out, and each user only their own, newest first', async () => {
    expect(await (await t.client()).get('/api/me/saver-offers')).toMatchObject({ status: 401, body: { message: 'must login' } });
    const a = await sentOffer(1);
    const fan = a.fans[0]!;
    const b = await savedListing(t, 0);
    await fan.client.post(`/api/item/${b.item.id}/save`).expect(200);
    const second = await sendOffer(b.seller, b.item.id, '50');
    await ageOffer(t, a.id, 1000);
    expect((await fan.client.get('/api/me/saver-offers')).body.saverOffers.map((o: { _id: string }) => o._id)).toEqual([second.body._id, a.id]);
    expect((await a.seller.client.get('/api/me/saver-offers')).body).toEqual({ saverOffers: [] });
  });
});
