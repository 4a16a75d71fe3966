import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RECEIVED_PAGE_SIZE, type ReceivedItemGroup } from '@keeb/shared';
import { items, offerEvents, offers, users } from '../../db/schema/index';
import { useTestApp, type TestClient } from '../../test/app';
import { createItem, createUser } from '../../test/factories';
import { readOutbox } from '../../test/outbox';

const t = useTestApp();

async function member(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db.db, { emailConfirmedAt: new Date(), ...overrides });
  return { user, client: await t.clientAs(user.id) };
}
type Member = Awaited<ReturnType<typeof member>>;

/** A seller with an approved listing at $100 that takes offers and ships to the US for $10 and the EU for $25. */
async function listing(overrides: Parameters<typeof createItem>[2] = {}) {
  const seller = await member();
  const item = await createItem(t.db.db, seller.user.id, { offersAccepted: true, isFixedPrice: false, ...overrides }, [
    { regionCode: 'US', priceCents: 1000 },
    { regionCode: 'EU', priceCents: 2500 },
  ]);
  return { seller, item };
}

async function offer(buyer: Member, itemId: string, offerPrice: unknown = '80') {
  return buyer.client.post('/api/offer', { itemId, offerPrice, offerShippingPrice: 0 });
}

const statusOf = async (offerId: string) => (await t.db.db.select({ s: offers.status }).from(offers).where(eq(offers.id, offerId)))[0]?.s;

describe('POST /api/offer', () => {
  it('records the offer with the shipping price of the listing for the buyer region, never the client one', async () => {
    const { seller, item } = await listing();
    const buyer = await member({ shippingRegionCode: 'EU' });
    const res = await offer(buyer, item.id, '80.50');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ _id: expect.any(String), status: 'pending', price: 80.5, shippingPrice: 25 });
    const sent = (await buyer.client.get('/api/me/offers/sent')).body;
    expect(sent).toEqual([
      {
        _id: res.body._id,
        price: 80.5,
        counterPrice: null,
        shippingPrice: 25,
        status: 'pending',
        timeAccepted: null,
        itemId: { _id: item.id, name: item.name, description: item.description, price: 100, thumbnail: item.thumbnail, purchaserId: null, priceSold: null },
      },
    ]);
    const received = (await seller.client.get('/api/me/offers/received')).body;
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ _id: item.id, containsAcceptedOffer: false, offers: [{ _id: res.body._id, price: 80.5, shippingPrice: 25, status: 'pending', offererId: { _id: buyer.user.id, username: buyer.user.username, shippingRegion: { code: 'EU', name: 'European Union' } } }] });
  });

  it.each([
    ['', 'offer_price'],
    ['   ', 'offer_price'],
    ['abc', 'offer_price'],
    ['0', 'offer_price'],
    ['-5', 'offer_price'],
    ['123456789', 'offer_price'],
    ['12.345', 'offer_price'],
    [null, 'offer_price'],
    [['80'], 'offer_price'],
    ['9999999', 'price_too_high'],
  ])('refuses the price %o with %s and records nothing', async (price, message) => {
    const { item } = await listing();
    const buyer = await member();
    const res = await offer(buyer, item.id, price);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await t.db.db.select().from(offers)).toEqual([]);
  });

  it('refuses the owner, a region the listing does not ship to, a listing without offers, and an unconfirmed email', async () => {
    const { seller, item } = await listing();
    expect((await offer(seller, item.id)).body).toMatchObject({ message: 'own_item' });
    const faraway = await member({ shippingRegionCode: 'AS' });
    expect(await offer(faraway, item.id)).toMatchObject({ status: 409, body: { message: 'no_shipping' } });
    const fixed = await listing({ offersAccepted: false, isFixedPrice: true });
    expect((await offer(await member(), fixed.item.id)).body).toMatchObject({ message: 'not_accepting_offers' });
    const pending = await listing({ approvalStatus: 'pending' });
    expect((await offer(await member(), pending.item.id)).body).toMatchObject({ message: 'not_accepting_offers' });
    const unconfirmed = await member({ emailConfirmedAt: null });
    expect(await offer(unconfirmed, item.id)).toMatchObject({ status: 403, body: { message: 'confirm_email' } });
    expect((await offer(await member(), '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect(await t.db.db.select().from(offers)).toEqual([]);
  });

  it('answers 401 logged out', async () => {
    const { item } = await listing();
    const res = await (await t.client()).post('/api/offer', { itemId: item.id, offerPrice: '80' });
    expect(res.status).toBe(401);
  });

  it('a pending offer blocks a second one by the same buyer on that item, even when both race', async () => {
    const { item } = await listing();
    const buyer = await member();
    const answers = await Promise.all(Array.from({ length: 5 }, () => offer(buyer, item.id)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409).map((r) => r.body.message)).toEqual(Array(4).fill('offer_exists'));
    expect(await t.db.db.select().from(offers)).toHaveLength(1);
  });

  it('mails the seller (honouring the offers preference) and the savers who want it', async () => {
    const { seller, item } = await listing();
    const fan = await member({ email: 'fan@example.test' });
    await fan.client.post(`/api/item/${item.id}/save`);
    const buyer = await member({ username: 'haggler' });
    await offer(buyer, item.id, '75');
    const mails = await readOutbox(t.config.outboxDir);
    expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual(
      [
        [seller.user.email, `New offer on ${item.name}`],
        ['fan@example.test', `Someone made an offer on ${item.name}`],
      ].sort(),
    );
    expect(mails.find((m) => m.to === seller.user.email)!.text).toContain('haggler offered $75');

    const quiet = await listing();
    await t.db.db.update(users).set({ emailPreferences: sql`email_preferences || '{"offers": false}'::jsonb` }).where(eq(users.id, quiet.seller.user.id));
    await offer(await member(), quiet.item.id);
    expect((await readOutbox(t.config.outboxDir)).filter((m) => m.to === quiet.seller.user.email)).toEqual([]);
  });
});

describe('seller and buyer transitions', () => {
  async function pendingOffer() {
    const { seller, item } = await listing();
    const buyer = await member();
    const id = (await offer(buyer, item.id, '80')).body._id as string;
    return { seller, buyer, item, id };
  }

  it('only the seller accepts, declines, counters and extends; only the buyer counters back and deletes', async () => {
    const { seller, buyer, id } = await pendingOffer();
    const stranger = await member();
    const anonymous = await t.client();
    for (const path of ['accept', 'decline', 'counter-seller', 'extend']) {
      expect((await buyer.client.post(`/api/offer/${id}/${path}`, { counterPrice: '90' })).status).toBe(403);
      expect((await stranger.client.post(`/api/offer/${id}/${path}`, { counterPrice: '90' })).status).toBe(403);
      expect((await anonymous.post(`/api/offer/${id}/${path}`, { counterPrice: '90' })).status).toBe(401);
    }
    expect((await seller.client.post(`/api/offer/${id}/counter-buyer`, { counterPrice: '90' })).status).toBe(403);
    expect((await stranger.client.delete(`/api/offer/${id}/remove`)).status).toBe(403);
    expect((await seller.client.delete(`/api/offer/${id}/remove`)).status).toBe(403);
    expect((await anonymous.delete(`/api/offer/${id}/remove`)).status).toBe(401);
    expect((await seller.client.post('/api/offer/00000000-0000-4000-8000-000000000000/accept', {})).status).toBe(404);
    expect((await seller.client.post('/api/offer/not-a-uuid/accept', {})).status).toBe(404);
    expect(await statusOf(id)).toBe('pending');
  });

  it('counter, counter back, accept: the prices move as the spec says', async () => {
    const { seller, buyer, id, item } = await pendingOffer();
    expect((await seller.client.post(`/api/offer/${id}/counter-seller`, { counterPrice: '95' })).body).toEqual({ offerId: id, status: 'countered', price: 80, counterPrice: 95 });
    // A countered offer is the buyer's turn: the seller cannot accept it.
    expect((await seller.client.post(`/api/offer/${id}/accept`, { itemId: item.id })).body).toMatchObject({ message: 'invalid_state' });
    expect((await buyer.client.post(`/api/offer/${id}/counter-buyer`, { counterPrice: '' })).body).toMatchObject({ message: 'counter_price' });
    expect((await buyer.client.post(`/api/offer/${id}/counter-buyer`, { counterPrice: '88' })).body).toEqual({ offerId: id, status: 'pending', price: 88, counterPrice: 88 });
    const accepted = await seller.client.post(`/api/offer/${id}/accept`, { itemId: item.id });
    expect(accepted.body).toEqual({ offerId: id, status: 'accepted' });
    const [sent] = (await buyer.client.get('/api/me/offers/sent')).body;
    expect(sent).toMatchObject({ status: 'accepted', price: 88, counterPrice: null, timeAccepted: expect.any(String) });
    expect((await seller.client.get('/api/me/offers/received')).body[0].containsAcceptedOffer).toBe(true);
    // The buyer owes a payment now: no deleting, no second answer.
    expect((await buyer.client.delete(`/api/offer/${id}/remove`)).body).toMatchObject({ message: 'invalid_state' });
    expect((await seller.client.post(`/api/offer/${id}/decline`)).body).toMatchObject({ message: 'invalid_state' });
    const events = await t.db.db.select({ transition: offerEvents.transition }).from(offerEvents).where(eq(offerEvents.offerId, id)).orderBy(offerEvents.at);
    expect(events.map((e) => e.transition)).toEqual(['make', 'counterSeller', 'counterBuyer', 'accept']);
  });

  it('decline: gone from the seller list, the buyer sees it declined, may delete it and offer again', async () => {
    const { seller, buyer, id, item } = await pendingOffer();
    expect((await seller.client.post(`/api/offer/${id}/decline`)).body).toEqual({ _id: id });
    expect((await seller.client.get('/api/me/offers/received')).body).toEqual([]);
    expect((await buyer.client.get('/api/me/offers/sent')).body[0].status).toBe('declined');
    expect((await offer(buyer, item.id, '85')).status).toBe(200);
    expect((await buyer.client.delete(`/api/offer/${id}/remove`)).body).toEqual({ _id: id });
    expect((await buyer.client.get('/api/me/offers/sent')).body.map((o: { price: number }) => o.price)).toEqual([85]);
    const [mail] = (await readOutbox(t.config.outboxDir)).filter((m) => m.to === buyer.user.email);
    expect(mail?.subject).toBe(`Your offer on ${item.name} was declined`);
  });

  it('20 pending offers on one item accepted at once: exactly one is accepted', async () => {
    const { seller, item } = await listing();
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await offer(await member(), item.id, String(50 + i))).body._id);
    const answers = await Promise.all(ids.map((id) => seller.client.post(`/api/offer/${id}/accept`, { itemId: item.id })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(new Set(answers.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.body.message}`))).toEqual(new Set(['409 offer_accepted']));
    const accepted = await t.db.db.select().from(offers).where(eq(offers.status, 'accepted'));
    expect(accepted).toHaveLength(1);
  });
});

describe('the 24-hour payment window', () => {
  async function acceptedOffer() {
    const { seller, item } = await listing();
    const buyer = await member();
    const id = (await offer(buyer, item.id, '80')).body._id as string;
    await seller.client.post(`/api/offer/${id}/accept`, { itemId: item.id });
    return { seller, buyer, item, id };
  }
  /** Moves the window's start back by `hours` and brings its scheduled jobs due, as if the time had passed. */
  async function hoursPass(id: string, hours: number) {
    const [row] = await t.db.db.select({ timeAccepted: offers.timeAccepted }).from(offers).where(eq(offers.id, id));
    const moved = new Date(row!.timeAccepted!.getTime() - hours * 3_600_000);
    await t.db.db.update(offers).set({ timeAccepted: moved }).where(eq(offers.id, id));
    // The jobs carry the window they were scheduled for: re-address them to the moved window and make them due.
    await t.db.db.execute(sql`update pgboss.job set data = jsonb_set(data, '{timeAccepted}', to_jsonb(${moved.toISOString()}::text)), start_after = start_after - (${hours} * interval '1 hour') where name in ('offer-expiry', 'offer-expiry-warning') and data->>'offerId' = ${id} and state = 'created'`);
    await t.jobs.drain();
  }

  it('an unpaid accepted offer reads expired once the window passes, and the job records it and tells both', async () => {
    const { seller, buyer, item, id } = await acceptedOffer();
    await t.db.db.update(offers).set({ timeAccepted: new Date(Date.now() - 25 * 3_600_000) }).where(eq(offers.id, id));
    // On read, before any job ran.
    expect((await buyer.client.get('/api/me/offers/sent')).body[0].status).toBe('expired');
    await t.db.db.update(offers).set({ timeAccepted: new Date(Date.now() - 1000) }).where(eq(offers.id, id));
    const mailsTo = async (to: string) => (await readOutbox(t.config.outboxDir)).filter((m) => m.to === to).map((m) => m.subject);
    await hoursPass(id, 21);
    expect(await statusOf(id)).toBe('accepted');
    expect(await mailsTo(buyer.user.email)).toEqual([`Your offer on ${item.name} was accepted`, `Your payment window for ${item.name} is closing`]);
    await hoursPass(id, 3.5);
    expect(await statusOf(id)).toBe('expired');
    expect((await mailsTo(buyer.user.email)).at(-1)).toBe(`Your accepted offer on ${item.name} expired`);
    expect(await mailsTo(seller.user.email)).toContain(`The buyer did not pay for ${item.name}`);
  });

  it('Give More Time restarts the window; refused with offer_accepted once another offer was accepted', async () => {
    const { seller, buyer, item, id } = await acceptedOffer();
    expect((await seller.client.post(`/api/offer/${id}/extend`)).body).toMatchObject({ message: 'invalid_state' });
    await hoursPass(id, 25);
    const extended = await seller.client.post(`/api/offer/${id}/extend`);
    expect(extended.body).toEqual({ _id: id, status: 'accepted', timeAccepted: expect.any(String) });
    expect(Date.now() - Date.parse(extended.body.timeAccepted)).toBeLessThan(60_000);
    expect((await buyer.client.get('/api/me/offers/sent')).body[0].status).toBe('accepted');

    await hoursPass(id, 25);
    const other = await member();
    const otherId = (await offer(other, item.id, '70')).body._id;
    expect((await seller.client.post(`/api/offer/${otherId}/accept`, { itemId: item.id })).status).toBe(200);
    expect(await seller.client.post(`/api/offer/${id}/extend`)).toMatchObject({ status: 409, body: { message: 'offer_accepted' } });
    // The seller may still decline the expired one.
    expect((await seller.client.post(`/api/offer/${id}/decline`)).body).toEqual({ _id: id });
  });

  it('an accepted offer whose window passed does not block accepting another', async () => {
    const { seller, item, id } = await acceptedOffer();
    await t.db.db.update(offers).set({ timeAccepted: new Date(Date.now() - 25 * 3_600_000) }).where(eq(offers.id, id));
    const otherId = (await offer(await member(), item.id, '70')).body._id;
    expect((await seller.client.post(`/api/offer/${otherId}/accept`, { itemId: item.id })).status).toBe(200);
    expect(await statusOf(id)).toBe('expired');
  });
});

describe('offers and the item', () => {
  it("an item with pending or accepted offers cannot be removed ('Cannot Remove'); once they are answered it can", async () => {
    const { seller, item } = await listing();
    const buyer = await member();
    const id = (await offer(buyer, item.id)).body._id;
    expect(await seller.client.delete(`/api/item/${item.id}/remove`)).toMatchObject({ status: 409, body: { message: 'offer_pending' } });
    await seller.client.post(`/api/offer/${id}/accept`, { itemId: item.id });
    expect((await seller.client.delete(`/api/item/${item.id}/remove`)).body).toMatchObject({ message: 'offer_pending' });
    await t.db.db.update(offers).set({ timeAccepted: new Date(Date.now() - 25 * 3_600_000) }).where(eq(offers.id, id));
    expect((await seller.client.delete(`/api/item/${item.id}/remove`)).body).toEqual({ ok: true });
    // The expired offer closes with the listing; its buyer sees the item gone and may delete it.
    expect(await statusOf(id)).toBe('closed');
    expect((await buyer.client.delete(`/api/offer/${id}/remove`)).status).toBe(200);
  });
});

describe('GET /api/me/offers/received', () => {
  it('pages the items (each whole) by latest offer activity, ties closed by id, leaving out removed items and declined offers', async () => {
    const seller = await member();
    const buyers = [await member(), await member(), await member()];
    const base = Date.parse('2026-11-01T12:00:00.000Z');
    const expected: Array<{ id: string; lastAt: number; offers: number }> = [];
    const n = RECEIVED_PAGE_SIZE + 5;
    // Four items around the end of the first page share their latest activity: the item id closes the tie.
    const tied = (i: number) => i >= n - RECEIVED_PAGE_SIZE - 2 && i <= n - RECEIVED_PAGE_SIZE + 1;
    for (let i = 0; i < n; i++) {
      const item = await createItem(t.db.db, seller.user.id, { offersAccepted: true, isFixedPrice: false });
      const lastAt = base + (tied(i) ? n - RECEIVED_PAGE_SIZE : i) * 60_000;
      const count = 1 + (i % 3);
      for (let b = 0; b < count; b++) {
        const at = new Date(lastAt - b * 1000);
        await t.db.db.insert(offers).values({ itemId: item.id, buyerId: buyers[b]!.user.id, sellerId: seller.user.id, priceCents: 5000 + b, shippingCents: 1000, regionCode: 'US', status: b === 2 ? 'countered' : 'pending', updatedAt: at, createdAt: at, buyerActedAt: at });
      }
      // A declined offer, newer than the rest, neither shows nor moves the item.
      await t.db.db.insert(offers).values({ itemId: item.id, buyerId: buyers[0]!.user.id, sellerId: seller.user.id, priceCents: 4000, shippingCents: 1000, regionCode: 'US', status: 'declined', updatedAt: new Date(base + 10 * 86_400_000) });
      if (i === 0) await t.db.db.update(items).set({ removedAt: new Date() }).where(eq(items.id, item.id));
      else expected.push({ id: item.id, lastAt, offers: count });
    }
    expected.sort((a, b) => b.lastAt - a.lastAt || (a.id < b.id ? 1 : -1));
    const boundary = expected[RECEIVED_PAGE_SIZE - 1]!.lastAt;
    expect(expected[RECEIVED_PAGE_SIZE]!.lastAt).toBe(boundary); // the tie does straddle the page boundary

    const pages: ReceivedItemGroup[][] = [];
    let query = '';
    for (;;) {
      const res = await seller.client.get(`/api/me/offers/received${query}`);
      expect(res.status).toBe(200);
      pages.push(res.body);
      if (res.body.length < RECEIVED_PAGE_SIZE) break;
      const last = res.body[res.body.length - 1] as ReceivedItemGroup;
      query = `?ts=${encodeURIComponent(last.lastActivityAt)}&cursorId=${last._id}`;
    }
    expect(pages.map((p) => p.length)).toEqual([RECEIVED_PAGE_SIZE, expected.length - RECEIVED_PAGE_SIZE]);
    const groups = pages.flat();
    expect(groups.map((g) => g._id)).toEqual(expected.map((e) => e.id));
    expect(groups.map((g) => g.offers.length)).toEqual(expected.map((e) => e.offers));
    expect(groups.map((g) => Date.parse(g.lastActivityAt))).toEqual(expected.map((e) => e.lastAt));
    // Within a group, the most recently changed offer first.
    for (const g of groups) expect(g.offers.map((o) => o.price)).toEqual([...g.offers.map((o) => o.price)].sort((a, b) => a - b));

    // Nobody else sees them; a half cursor or a bad one is refused and changes nothing.
    expect((await (await member()).client.get('/api/me/offers/received')).body).toEqual([]);
    for (const bad of [`?ts=${encodeURIComponent(groups[0]!.lastActivityAt)}`, `?cursorId=${groups[0]!._id}`, '?ts=yesterday&cursorId=x']) {
      const res = await seller.client.get(`/api/me/offers/received${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ message: 'invalid_cursor' });
    }
    expect((await (await t.client()).get('/api/me/offers/received')).status).toBe(401);
  });
});

describe('GET /api/me/notifications', () => {
  const counts = async (c: TestClient) => (await c.get('/api/me/notifications')).body;

  it('counts new offers for the seller and answers for the buyer; opening Offers resets them', async () => {
    const { seller, item } = await listing();
    const buyer = await member();
    expect(await counts(seller.client)).toEqual({ numNewOffers: 0, numNewMessages: 0, numNewWantMatches: 0, numOrdersToAct: 0, numNewTrades: 0 });
    const id = (await offer(buyer, item.id)).body._id;
    expect((await counts(seller.client)).numNewOffers).toBe(1);
    expect((await counts(buyer.client)).numNewOffers).toBe(0);
    await seller.client.get('/api/me/offers/received');
    expect((await counts(seller.client)).numNewOffers).toBe(0);
    // Opening it again with nothing new writes nothing.
    const seenAt = async () => (await t.db.db.select({ at: users.offersSeenAt }).from(users).where(eq(users.id, seller.user.id)))[0]!.at.getTime();
    const firstSeen = await seenAt();
    await new Promise((r) => setTimeout(r, 5));
    await seller.client.get('/api/me/offers/received');
    expect(await seenAt()).toBe(firstSeen);
    await seller.client.post(`/api/offer/${id}/counter-seller`, { counterPrice: '90' });
    expect((await counts(buyer.client)).numNewOffers).toBe(1);
    await buyer.client.get('/api/me/offers/sent');
    expect((await counts(buyer.client)).numNewOffers).toBe(0);
    expect((await (await t.client()).get('/api/me/notifications')).status).toBe(401);
  });
});
