import { eq, sql } from 'drizzle-orm';
import { saverOffers } from '../../db/schema/index';
import type { TestContext } from '../../test/app';
import { createItem, createUser } from '../../test/factories';

/** A signed-in user with a confirmed email in the US (the listings ship there). */
export async function member(t: TestContext, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db.db, { emailConfirmedAt: new Date(), ...overrides });
  return { user, client: await t.clientAs(user.id) };
}
export type Member = Awaited<ReturnType<typeof member>>;

/** A seller's approved $100 listing that takes offers and ships to the US for $10, saved by `savers` users. */
export async function savedListing(t: TestContext, savers = 2, overrides: Parameters<typeof createItem>[2] = {}) {
  const seller = await member(t);
  const item = await createItem(t.db.db, seller.user.id, { offersAccepted: true, isFixedPrice: true, ...overrides }, [{ regionCode: 'US', priceCents: 1000 }]);
  const fans: Member[] = [];
  for (let i = 0; i < savers; i++) {
    const fan = await member(t);
    await fan.client.post(`/api/item/${item.id}/save`).expect(200);
    fans.push(fan);
  }
  return { seller, item, fans };
}

export const sendOffer = (seller: Member, itemId: string, price: unknown = '80') => seller.client.post(`/api/item/${itemId}/offer-to-savers`, { price });
export const takeOffer = (fan: Member, id: string) => fan.client.post(`/api/saver-offer/${id}/take`);

/** Moves an offer to savers `ms` into the past, as if that much time had gone by since it was sent. */
export async function ageOffer(t: TestContext, id: string, ms: number) {
  const back = sql.raw(`interval '${Math.round(ms)} milliseconds'`);
  await t.db.db
    .update(saverOffers)
    .set({ createdAt: sql`${saverOffers.createdAt} - ${back}`, expiresAt: sql`${saverOffers.expiresAt} - ${back}` })
    .where(eq(saverOffers.id, id));
}
