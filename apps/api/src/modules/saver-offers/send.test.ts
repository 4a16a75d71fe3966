import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SELLER_TOOL_LIMITS } from '@keeb/shared';
import { items, offers, saverOfferRecipients, saverOffers, users } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { readOutbox } from '../../test/outbox';
import { collect, useRealtime } from '../../test/realtime';
import { ageOffer, member, savedListing, sendOffer } from './test-world';

const t = useTestApp({ PUBLIC_URL: 'http://keeb.test' });
const rt = useRealtime(t, { appUrl: 'http://keeb.test' });
const DAY = 24 * 60 * 60 * 1000;
const WEEK = SELLER_TOOL_LIMITS.saverOfferEveryDays * DAY;

describe('POST /api/item/{id}/offer-to-savers', () => {
  it('reaches every saver: the answer, a push, a mail, and their list', async () => {
    const { seller, item, fans } = await savedListing(t, 2);
    const bystander = await member(t);
    const pushes = collect(await rt.open(fans[0]!.client.cookie), 'savedItemUpdate');
    const leaked = collect(await rt.open(bystander.client.cookie), 'savedItemUpdate');
    const before = Date.now();
    const res = await sendOffer(seller, item.id, '79.50');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ _id: expect.any(String), recipients: 2, expiresAt: expect.any(String) });
    const expiresIn = new Date(res.body.expiresAt).getTime() - before;
    expect(expiresIn).toBeGreaterThan(DAY - 60_000);
    expect(expiresIn).toBeLessThan(DAY + 60_000);

    const text = `${seller.user.username} offers you ${item.name} for $79.50, for 24 hours`;
    await t.jobs.drain();
    await expect.poll(() => pushes.length).toBe(1);
    expect(pushes[0]).toEqual({ kind: 'saverOffer', item: { _id: item.id, name: item.name, thumbnail: item.thumbnail, price: 100 }, saverOfferId: res.body._id, text, path: `/me/vault?tab=saved&item=${res.body._id}` });
    expect(leaked).toEqual([]);

    const mails = await readOutbox(t.config.outboxDir);
    expect(mails.map((m) => m.to).sort()).toEqual(fans.map((f) => f.user.email).sort());
    expect(mails[0]!.subject).toBe(`An offer on ${item.name}, which you saved`);
    expect(mails[0]!.text).toContain(text);
    // Issue 36: the tab and the offer itself, which the Saved tab marks.
    expect(mails[0]!.text).toContain(`See the offer: http://keeb.test/me/vault?tab=saved&item=${res.body._id}`);

    const list = await fans[1]!.client.get('/api/me/saver-offers');
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      saverOffers: [
        {
          _id: res.body._id,
          price: 79.5,
          listPrice: 100,
          createdAt: expect.any(String),
          expiresAt: res.body.expiresAt,
          status: 'open',
          offerId: null,
          item: { _id: item.id, name: item.name, thumbnail: item.thumbnail },
          seller: { _id: seller.user.id, username: seller.user.username },
        },
      ],
    });
    expect((await bystander.client.get('/api/me/saver-offers')).body).toEqual({ saverOffers: [] });
  });

  it('mails only the savers who want offer mail, and skips removed accounts', async () => {
    const { seller, item, fans } = await savedListing(t, 3);
    await t.db.db.update(users).set({ emailPreferences: { ...fans[0]!.user.emailPreferences, offers: false } }).where(eq(users.id, fans[0]!.user.id));
    await t.db.db.update(users).set({ removedAt: new Date() }).where(eq(users.id, fans[1]!.user.id));
    const res = await sendOffer(seller, item.id);
    expect(res.body.recipients).toBe(2);
    expect((await readOutbox(t.config.outboxDir)).map((m) => m.to)).toEqual([fans[2]!.user.email]);
  });

  it('refuses a price that is not a price, or not below the listing price, and records nothing', async () => {
    const { seller, item } = await savedListing(t, 1);
    for (const price of ['', 'abc', '0', '-5', '12.345', '100', '100.00', '120', null, ['80'], { p: 1 }]) {
      const res = await sendOffer(seller, item.id, price);
      expect(res.status, JSON.stringify(price)).toBe(400);
      expect(res.body).toEqual({ message: 'price', field: 'price' });
    }
    expect((await seller.client.post(`/api/item/${item.id}/offer-to-savers`, {})).body).toEqual({ message: 'price', field: 'price' });
    expect(await t.db.db.select().from(saverOffers)).toEqual([]);
    expect((await sendOffer(seller, item.id, 99.99)).status).toBe(200);
  });

  it('once a week per item: the second answers the time left, and a week later it is allowed again', async () => {
    const { seller, item } = await savedListing(t, 1);
    const first = await sendOffer(seller, item.id, '90');
    expect(first.status).toBe(200);
    const second = await sendOffer(seller, item.id, '80');
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ message: 'saver_offer_limit', timeLeft: expect.any(Number) });
    expect(second.body.timeLeft).toBeGreaterThan(WEEK - 60_000);
    expect(second.body.timeLeft).toBeLessThanOrEqual(WEEK);
    // Six days later, one day is left.
    await ageOffer(t, first.body._id, 6 * DAY);
    const later = await sendOffer(seller, item.id, '80');
    expect(later.body.timeLeft).toBeGreaterThan(DAY - 60_000);
    expect(later.body.timeLeft).toBeLessThanOrEqual(DAY);
    await ageOffer(t, first.body._id, DAY);
    expect(await sendOffer(seller, item.id, '80')).toMatchObject({ status: 200, body: { recipients: 1 } });
    // The limit is per item: another listing of the seller's is not held back.
    const other = await savedListing(t, 1);
    expect((await sendOffer(other.seller, other.item.id)).status).toBe(200);
  });

  it('two sends at once: one goes, the other meets the weekly limit', async () => {
    const { seller, item } = await savedListing(t, 1);
    const answers = await Promise.all([sendOffer(seller, item.id, '90'), sendOffer(seller, item.id, '85'), sendOffer(seller, item.id, '80')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.message)).toEqual(['saver_offer_limit', 'saver_offer_limit']);
    expect(await t.db.db.select().from(saverOffers)).toHaveLength(1);
  });

  it('is refused when the listing takes no offers, is not public, is held, or nobody saved it', async () => {
    const notAllowed = { message: 'saver_offer_not_allowed' };
    const fixed = await savedListing(t, 1, { offersAccepted: false });
    expect(await sendOffer(fixed.seller, fixed.item.id)).toMatchObject({ status: 409, body: notAllowed });
    const pending = await savedListing(t, 1, { approvalStatus: 'pending' });
    expect(await sendOffer(pending.seller, pending.item.id)).toMatchObject({ status: 409, body: notAllowed });
    const unsaved = await savedListing(t, 0);
    expect(await sendOffer(unsaved.seller, unsaved.item.id)).toMatchObject({ status: 409, body: notAllowed });
    const sold = await savedListing(t, 1);
    await t.db.db.update(items).set({ purchaserId: sold.fans[0]!.user.id, priceSoldCents: 10_000 }).where(eq(items.id, sold.item.id));
    expect(await sendOffer(sold.seller, sold.item.id)).toMatchObject({ status: 409, body: notAllowed });
    // An accepted offer in its payment window holds the item for its buyer.
    const held = await savedListing(t, 1);
    await t.db.db.insert(offers).values({ itemId: held.item.id, buyerId: held.fans[0]!.user.id, sellerId: held.seller.user.id, priceCents: 9000, shippingCents: 1000, regionCode: 'US', status: 'accepted', timeAccepted: new Date() });
    expect(await sendOffer(held.seller, held.item.id)).toMatchObject({ status: 409, body: notAllowed });
    // A removed listing is no longer its seller's to act on.
    const removed = await savedListing(t, 1);
    await t.db.db.update(items).set({ removedAt: new Date() }).where(eq(items.id, removed.item.id));
    expect((await sendOffer(removed.seller, removed.item.id)).status).toBe(404);
    expect(await t.db.db.select().from(saverOffers)).toEqual([]);
  });

  it('is refused while the seller is away, with the date they are back', async () => {
    const { seller, item } = await savedListing(t, 1);
    const until = new Date(Date.now() + 3 * DAY);
    await t.db.db.update(users).set({ awayUntil: until }).where(eq(users.id, seller.user.id));
    expect(await sendOffer(seller, item.id)).toMatchObject({ status: 409, body: { message: 'seller_away', until: until.toISOString() } });
    await t.db.db.update(users).set({ awayUntil: new Date(Date.now() - 1000) }).where(eq(users.id, seller.user.id));
    expect((await sendOffer(seller, item.id)).status).toBe(200);
  });

  it('answers 401 logged out, 403 to another user, 404 for an unknown listing', async () => {
    const { item } = await savedListing(t, 1);
    expect(await sendOffer({ client: await t.client() } as never, item.id)).toMatchObject({ status: 401, body: { message: 'must login' } });
    const other = await member(t);
    expect(await sendOffer(other, item.id)).toMatchObject({ status: 403, body: { message: 'forbidden' } });
    expect((await sendOffer(other, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await sendOffer(other, 'not-an-id')).status).toBe(404);
    expect(await t.db.db.select().from(saverOffers)).toEqual([]);
    expect(await t.db.db.select().from(saverOfferRecipients)).toEqual([]);
  });
});

describe("the owner's item page", () => {
  it('says whether an offer to savers may go now, to how many, and when the next may', async () => {
    const { seller, item, fans } = await savedListing(t, 2);
    const page = async (client = seller.client) => (await client.get(`/api/item/${item.id}`)).body.item;
    expect((await page()).saverOffer).toEqual({ allowed: true, savers: 2, nextAt: null });
    // Nobody else sees it.
    expect((await page(fans[0]!.client)).saverOffer).toBeUndefined();
    expect((await page(await t.client())).saverOffer).toBeUndefined();
    const sent = await sendOffer(seller, item.id);
    const { saverOffer } = await page();
    expect(saverOffer).toEqual({ allowed: false, savers: 2, nextAt: expect.any(String) });
    const [row] = await t.db.db.select({ createdAt: saverOffers.createdAt }).from(saverOffers).where(eq(saverOffers.id, sent.body._id));
    expect(new Date(saverOffer.nextAt).getTime()).toBe(row!.createdAt.getTime() + WEEK);
    await ageOffer(t, sent.body._id, WEEK);
    expect((await page()).saverOffer).toEqual({ allowed: true, savers: 2, nextAt: null });
    await t.db.db.update(items).set({ offersAccepted: false }).where(eq(items.id, item.id));
    expect((await page()).saverOffer).toEqual({ allowed: false, savers: 2, nextAt: null });
  });
});
