import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAYMENT_WINDOW_MS } from '@keeb/shared';
import { offerEvents, offers, purchases } from '../../db/schema/index';
import { RateLimits } from '../../platform/rate-limit';
import { useTestApp } from '../../test/app';
import { createItem, createUser } from '../../test/factories';
import { createOffersService } from './service';

const t = useTestApp();

async function member() {
  const user = await createUser(t.db.db, { emailConfirmedAt: new Date() });
  return { user, client: await t.clientAs(user.id) };
}

/** An accepted $80 offer on a $100 listing (Buy It Now open too) whose 24 hours end right about now. */
async function closingOffer() {
  const seller = await member();
  const item = await createItem(t.db.db, seller.user.id, { offersAccepted: true, isFixedPrice: true }, [{ regionCode: 'US', priceCents: 1000 }]);
  const buyer = await member();
  const id = (await buyer.client.post('/api/offer', { itemId: item.id, offerPrice: '80', offerShippingPrice: 0 })).body._id as string;
  expect((await seller.client.post(`/api/offer/${id}/accept`, { itemId: item.id })).status).toBe(200);
  const windowStart = new Date(Date.now() - PAYMENT_WINDOW_MS - 5);
  await t.db.db.update(offers).set({ timeAccepted: windowStart }).where(eq(offers.id, id));
  return { seller, buyer, item, id, payload: { offerId: id, timeAccepted: windowStart.toISOString() } };
}

const rowOf = async (id: string) => (await t.db.db.select().from(offers).where(eq(offers.id, id)))[0]!;
const eventsOf = async (id: string) => (await t.db.db.select({ e: offerEvents.transition }).from(offerEvents).where(eq(offerEvents.offerId, id))).map((r) => r.e);

describe('Give More Time racing the end of the payment window', () => {
  // The expiry job's own handler, on the test's database, so that it can run at the same moment as the request.
  const service = () => createOffersService({ db: t.db.db, config: t.config, jobs: t.jobs, limits: new RateLimits({ db: t.db.db }) });

  it('20 rounds of extend and expiry at once: one outcome each, and the answer says which', async () => {
    const offersService = service();
    for (let round = 0; round < 20; round++) {
      const { seller, buyer, id, payload } = await closingOffer();
      // Alternate who starts first: either may reach the offer first.
      const extend = () => seller.client.post(`/api/offer/${id}/extend`);
      const expire = () => offersService.expireJob(payload);
      const [answer] = round % 2 ? await Promise.all([extend(), expire()]) : (await Promise.all([expire(), extend()])).reverse() as [Awaited<ReturnType<typeof extend>>];
      const row = await rowOf(id);
      const events = await eventsOf(id);
      if (answer.status === 200) {
        // The extend won (possibly after the expiry): a fresh window, the one the answer names, payable at $80.
        expect(answer.body).toEqual({ _id: id, status: 'accepted', timeAccepted: row.timeAccepted!.toISOString() });
        expect(row.status).toBe('accepted');
        expect(row.timeAccepted!.getTime()).toBeGreaterThan(Date.now() - 60_000);
        expect(events.at(-1)).toBe('extend');
        // The expiry job of the old window, run again now, changes nothing.
        await offersService.expireJob(payload);
        expect((await rowOf(id)).status).toBe('accepted');
        expect((await buyer.client.post('/api/payment/item/create', { _id: row.itemId })).status).toBe(200);
        const [purchase] = await t.db.db.select({ itemCents: purchases.itemCents, offerId: purchases.offerId }).from(purchases).where(eq(purchases.itemId, row.itemId));
        expect(purchase).toEqual({ itemCents: 8000, offerId: id });
      } else {
        // The expiry won and the extend changed nothing: the answer says the offer's real state.
        expect(answer.status).toBe(409);
        expect(answer.body).toEqual({ message: 'invalid_state', status: 'expired' });
        expect(row.status).toBe('expired');
        expect(row.timeAccepted!.toISOString()).toBe(payload.timeAccepted);
        expect(events).not.toContain('extend');
      }
    }
  });
});

describe('Give More Time racing a checkout', () => {
  it('once the buyer is paying the listing price for the closed window, the extend is refused and changes nothing', async () => {
    const { seller, buyer, item, id, payload } = await closingOffer();
    // The window closed: the buyer's checkout is at the listing price (the offer no longer holds).
    expect((await buyer.client.post('/api/payment/item/create', { _id: item.id })).status).toBe(200);
    const answer = await seller.client.post(`/api/offer/${id}/extend`);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ message: 'payment_pending', status: 'expired' });
    expect(await rowOf(id)).toMatchObject({ status: 'accepted', timeAccepted: new Date(payload.timeAccepted) });
    expect(await eventsOf(id)).not.toContain('extend');
    const [purchase] = await t.db.db.select({ itemCents: purchases.itemCents, offerId: purchases.offerId }).from(purchases).where(eq(purchases.itemId, item.id));
    expect(purchase).toEqual({ itemCents: 10000, offerId: null });
  });

  it('an extend refused for the state of the offer says that state', async () => {
    const { seller, id } = await closingOffer();
    await t.db.db.update(offers).set({ timeAccepted: new Date() }).where(eq(offers.id, id));
    expect(await seller.client.post(`/api/offer/${id}/extend`)).toMatchObject({ status: 409, body: { message: 'invalid_state', status: 'accepted' } });
    await t.db.db.update(offers).set({ status: 'declined' }).where(eq(offers.id, id));
    expect(await seller.client.post(`/api/offer/${id}/extend`)).toMatchObject({ status: 409, body: { message: 'invalid_state', status: 'declined' } });
  });
});
