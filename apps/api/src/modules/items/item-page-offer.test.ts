import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { offers } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createItem, createUser } from '../../test/factories';

/** Issue 25: while an accepted offer awaits payment, the item page tells its buyer and shows others it is reserved. */
const t = useTestApp();

async function member() {
  const user = await createUser(t.db.db, { emailConfirmedAt: new Date() });
  return { user, client: await t.clientAs(user.id) };
}

/** A $210 listing taking offers (and Buy It Now), $10 shipping to the US, with the buyer's $150 offer on it. */
async function offered() {
  const seller = await member();
  const item = await createItem(t.db.db, seller.user.id, { priceCents: 21_000, isFixedPrice: true, offersAccepted: true });
  const buyer = await member();
  const offerId = (await buyer.client.post('/api/offer', { itemId: item.id, offerPrice: '150' })).body._id as string;
  return { seller, item, buyer, offerId };
}

const page = async (client: Awaited<ReturnType<typeof member>>['client'], itemId: string) => (await client.get(`/api/item/${itemId}`)).body;

describe('GET /api/item/{id} with an accepted offer', () => {
  it("shows its buyer the accepted price, shipping and acceptance time; others only that it is reserved, never by whom", async () => {
    const { seller, item, buyer, offerId } = await offered();
    await seller.client.post(`/api/offer/${offerId}/accept`, { itemId: item.id });

    const mine = await page(buyer.client, item.id);
    expect(mine.item.viewerOffer).toMatchObject({ _id: offerId, status: 'accepted', price: 150, shippingPrice: 10 });
    expect(Date.now() - new Date(mine.item.viewerOffer.timeAccepted).getTime()).toBeLessThan(60_000);
    expect(mine.item.reserved).toBe(false);

    const other = await member();
    const theirs = await page(other.client, item.id);
    expect(theirs.item).toMatchObject({ reserved: true, viewerOffer: null, paymentStatus: 'none' });
    expect(JSON.stringify(theirs)).not.toContain(buyer.user.id);
    expect(JSON.stringify(theirs)).not.toContain(buyer.user.username);
    expect((await page(await t.client(), item.id)).item).toMatchObject({ reserved: true, viewerOffer: null });
  });

  it("shows a seller's counter to its buyer as the price to pay", async () => {
    const { seller, item, buyer, offerId } = await offered();
    await seller.client.post(`/api/offer/${offerId}/counter-seller`, { counterPrice: '165' });
    expect((await page(buyer.client, item.id)).item).toMatchObject({
      viewerOffer: { _id: offerId, status: 'countered', price: 165, shippingPrice: 10, timeAccepted: null },
      reserved: false,
    });
    // A counter reserves nothing: others may still buy.
    expect((await page((await member()).client, item.id)).item.reserved).toBe(false);
  });

  it('a pending offer, or an accepted one whose 24 hours ran out, neither shows nor reserves', async () => {
    const { seller, item, buyer, offerId } = await offered();
    expect((await page(buyer.client, item.id)).item).toMatchObject({ viewerOffer: null, reserved: false });
    await seller.client.post(`/api/offer/${offerId}/accept`, { itemId: item.id });
    await t.db.db.update(offers).set({ timeAccepted: sql`now() - interval '25 hours'` }).where(eq(offers.id, offerId));
    expect((await page(buyer.client, item.id)).item).toMatchObject({ viewerOffer: null, reserved: false });
    expect((await page((await member()).client, item.id)).item.reserved).toBe(false);
  });
});
