import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SELLER_TOOL_LIMITS, type ItemSummary } from '@keeb/shared';
import { users } from '../../../db/schema/index';
import { useTestApp } from '../../../test/app';
import { createItem } from '../../../test/factories';
import { member, SAMPLE_ADDRESS, type Member } from '../../../test/orders';
import { approve, matchRows, pendingListing, saveWant } from '../../wants/test-fixtures';
import { parseAwayUntil } from './service';

// Issue 29: away mode. The seller's listings leave the feed, search and want matching, offers and purchases are
// refused, and it ends on the date (the job queue) or at once on DELETE.
const t = useTestApp();
const DAY_MS = 86_400_000;

const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
const midnight = (date: string) => `${date}T00:00:00.000Z`;
const feedIds = async (who: Member) => ((await who.client.get('/api/items')).body as ItemSummary[]).map((c) => c._id);
const searchIds = async (who: Member, text: string) => ((await who.client.post('/api/searchItems', { searchText: text })).body as ItemSummary[]).map((c) => c._id);
const awayJobs = async (userId: string) =>
  ((await t.db.db.execute(sql`select data->>'until' as until, start_after as "startAfter", state from pgboss.job where name = 'away-return' and data->>'userId' = ${userId} order by created_on`)) as unknown as {
    rows: Array<{ until: string; startAfter: Date | string; state: string }>;
  }).rows.map((j) => ({ ...j, startAfter: new Date(j.startAfter) }));

/** Moves the seller's return to a second ago and lets its job come due: the clock advanced to the date. */
async function advanceToReturn(userId: string) {
  await t.db.db.execute(sql`update users set away_until = now() - interval '1 second' where id = ${userId}`);
  await t.db.db.execute(sql`update pgboss.job set start_after = now() - interval '1 second' where name = 'away-return' and data->>'userId' = ${userId} and state = 'created'`);
  await t.jobs.drain();
}

describe('PUT and DELETE /api/me/away', () => {
  it('sets the return (a date is 00:00 UTC that day), shows it in the settings, and queues the return for then', async () => {
    const seller = await member(t);
    const date = inDays(10);
    const res = await seller.client.put('/api/me/away', { until: date });
    expect([res.status, res.body]).toEqual([200, { until: midnight(date) }]);
    expect((await seller.client.get('/api/me/settings')).body.awayUntil).toBe(midnight(date));
    expect(await awayJobs(seller.user.id)).toEqual([{ until: midnight(date), startAfter: new Date(midnight(date)), state: 'created' }]);
    // An ISO instant is taken as is.
    const instant = new Date(Date.now() + 3 * 3_600_000).toISOString();
    expect((await seller.client.put('/api/me/away', { until: instant })).body).toEqual({ until: instant });
    // Another user is not away.
    expect((await (await member(t)).client.get('/api/me/settings')).body.awayUntil).toBeNull();

    const ended = await seller.client.delete('/api/me/away');
    expect([ended.status, ended.body]).toEqual([200, { until: null }]);
    expect((await seller.client.get('/api/me/settings')).body.awayUntil).toBeNull();
    // Ending it when not away is no error.
    expect((await seller.client.delete('/api/me/away')).body).toEqual({ until: null });
  });

  it.each([
    ['nothing', {}],
    ['a number', { until: 20261224 }],
    ['words', { until: 'next week' }],
    ['no such day', { until: '2027-02-30' }],
    ['today (already begun)', { until: new Date().toISOString().slice(0, 10) }],
    ['the past', { until: '2020-01-01' }],
    ['a local time without its zone', { until: `${inDays(5)}T10:00:00` }],
    ['more than the limit ahead', { until: inDays(SELLER_TOOL_LIMITS.awayMaxDays + 1) }],
  ])('refuses %s with 400 away_until', async (_what, body) => {
    const seller = await member(t);
    const res = await seller.client.put('/api/me/away', body);
    expect([res.status, res.body]).toEqual([400, { message: 'away_until', field: 'until' }]);
    expect((await seller.client.get('/api/me/settings')).body.awayUntil).toBeNull();
  });

  it('takes the furthest day allowed', () => {
    const now = Date.UTC(2026, 0, 1, 12);
    expect(parseAwayUntil('2026-04-01', now).toISOString()).toBe('2026-04-01T00:00:00.000Z');
    expect(() => parseAwayUntil('2026-04-02', now)).toThrow();
  });

  it('answers 401 must login when logged out', async () => {
    const client = await t.client();
    for (const res of [await client.put('/api/me/away', { until: inDays(3) }), await client.delete('/api/me/away')]) {
      expect([res.status, res.body]).toEqual([401, { message: 'must login' }]);
    }
  });

  it("changes only the caller's own state: a second user's PUT and DELETE leave the first away", async () => {
    const [seller, other] = [await member(t), await member(t)];
    await seller.client.put('/api/me/away', { until: inDays(4) });
    await other.client.put('/api/me/away', { until: inDays(6) });
    await other.client.delete('/api/me/away');
    expect((await seller.client.get('/api/me/settings')).body.awayUntil).toBe(midnight(inDays(4)));
  });
});

describe('while away', () => {
  it('hides the listings from the feed and search, not from the profile; the item page and profile say so', async () => {
    const [seller, other, buyer] = [await member(t), await member(t), await member(t)];
    const mine = await createItem(t.db.db, seller.user.id, { name: 'Zephyr sixtyfive board' });
    const theirs = await createItem(t.db.db, other.user.id, { name: 'Zephyr keycaps' });
    expect(await searchIds(buyer, 'zephyr')).toEqual(expect.arrayContaining([mine.id, theirs.id]));

    const date = inDays(7);
    await seller.client.put('/api/me/away', { until: date });
    expect(await feedIds(buyer)).not.toContain(mine.id);
    expect(await feedIds(buyer)).toContain(theirs.id);
    expect(await searchIds(buyer, 'zephyr')).toEqual([theirs.id]);
    const listed = (await buyer.client.get(`/api/user/${seller.user.username}/items/listed`)).body as ItemSummary[];
    expect(listed.map((c) => c._id)).toEqual([mine.id]);
    expect((await buyer.client.get(`/api/user/${seller.user.username}/profile`)).body.awayUntil).toBe(midnight(date));
    expect((await (await t.client()).get(`/api/item/${mine.id}`)).body.item.sellerAwayUntil).toBe(midnight(date));
    expect((await buyer.client.get(`/api/item/${theirs.id}`)).body.item.sellerAwayUntil).toBeNull();
    expect((await buyer.client.get(`/api/user/${other.user.username}/profile`)).body.awayUntil).toBeNull();

    await seller.client.delete('/api/me/away');
    expect(await feedIds(buyer)).toContain(mine.id);
    expect(await searchIds(buyer, 'zephyr')).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect((await buyer.client.get(`/api/item/${mine.id}`)).body.item.sellerAwayUntil).toBeNull();
  });

  it('refuses new offers, buyer counters, Buy It Now and trade proposals with 409 seller_away and the date', async () => {
    const [seller, buyer] = [await member(t, { mailingAddress: SAMPLE_ADDRESS }), await member(t, { mailingAddress: SAMPLE_ADDRESS })];
    const item = await createItem(t.db.db, seller.user.id, { priceCents: 10_000, isFixedPrice: true, offersAccepted: true, openToTrades: true });
    const swap = await createItem(t.db.db, buyer.user.id, { openToTrades: true });
    // An offer the seller countered before leaving: the buyer's counter back waits for them too.
    const made = await buyer.client.post('/api/offer', { itemId: item.id, offerPrice: 60 });
    expect(made.status).toBe(200);
    expect((await seller.client.post(`/api/offer/${made.body._id}/counter-seller`, { counterPrice: 90 })).status).toBe(200);

    const date = inDays(3);
    await seller.client.put('/api/me/away', { until: date });
    const refused = { message: 'seller_away', until: midnight(date) };
    const other = await member(t);
    const offer = await other.client.post('/api/offer', { itemId: item.id, offerPrice: 80 });
    expect([offer.status, offer.body]).toEqual([409, refused]);
    const counter = await buyer.client.post(`/api/offer/${made.body._id}/counter-buyer`, { counterPrice: 75 });
    expect([counter.status, counter.body]).toEqual([409, refused]);
    const buyNow = await other.client.post('/api/payment/item/create', { _id: item.id });
    expect([buyNow.status, buyNow.body]).toEqual([409, refused]);
    const trade = await buyer.client.post('/api/trade', { itemId: item.id, offeredItemIds: [swap.id], message: 'Swap?' });
    expect([trade.status, trade.body]).toEqual([409, refused]);

    // Back: the same calls go through.
    await seller.client.delete('/api/me/away');
    expect((await other.client.post('/api/offer', { itemId: item.id, offerPrice: 80 })).status).toBe(200);
    expect((await buyer.client.post(`/api/offer/${made.body._id}/counter-buyer`, { counterPrice: 75 })).status).toBe(200);
  });

  it('lets a buyer pay the price the seller agreed to before leaving (their counter)', async () => {
    const [seller, buyer] = [await member(t), await member(t)];
    const item = await createItem(t.db.db, seller.user.id, { priceCents: 10_000, isFixedPrice: true, offersAccepted: true });
    const made = await buyer.client.post('/api/offer', { itemId: item.id, offerPrice: 60 });
    await seller.client.post(`/api/offer/${made.body._id}/counter-seller`, { counterPrice: 90 });
    await seller.client.put('/api/me/away', { until: inDays(3) });
    expect((await buyer.client.post('/api/payment/item/create', { _id: item.id })).status).toBe(200);
  });

  it('matches no want; on return the listings approved meanwhile alert the wants they match', async () => {
    const [seller, buyer] = [await member(t), await member(t)];
    await saveWant(buyer.client, { searchText: 'quokka' });
    await seller.client.put('/api/me/away', { until: inDays(2) });
    const item = await pendingListing(t, seller.user.id, { name: 'Quokka TKL' });
    await approve(t, item.id);
    expect(await matchRows(t)).toEqual([]);

    await advanceToReturn(seller.user.id);
    expect((await matchRows(t)).map((m) => [m.itemId, m.userId])).toEqual([[item.id, buyer.user.id]]);
  });
});

describe('the return', () => {
  it('comes on the date through the job queue: listings back in the feed, offers taken again', async () => {
    const [seller, buyer] = [await member(t), await member(t)];
    const item = await createItem(t.db.db, seller.user.id, { offersAccepted: true });
    await seller.client.put('/api/me/away', { until: inDays(5) });
    expect(await feedIds(buyer)).not.toContain(item.id);

    await advanceToReturn(seller.user.id);
    expect((await t.db.db.select({ awayUntil: users.awayUntil }).from(users).where(eq(users.id, seller.user.id)))[0]!.awayUntil).toBeNull();
    expect((await seller.client.get('/api/me/settings')).body.awayUntil).toBeNull();
    expect(await feedIds(buyer)).toContain(item.id);
    expect((await buyer.client.post('/api/offer', { itemId: item.id, offerPrice: 50 })).status).toBe(200);
  });

  it('a time already past counts as back even before its job runs', async () => {
    const [seller, buyer] = [await member(t), await member(t)];
    const item = await createItem(t.db.db, seller.user.id, { offersAccepted: true });
    await seller.client.put('/api/me/away', { until: inDays(5) });
    await t.db.db.execute(sql`update users set away_until = now() - interval '1 minute' where id = ${seller.user.id}`);
    expect((await buyer.client.get(`/api/item/${item.id}`)).body.item.sellerAwayUntil).toBeNull();
    expect((await buyer.client.get(`/api/user/${seller.user.username}/profile`)).body.awayUntil).toBeNull();
    expect((await seller.client.get('/api/me/settings')).body.awayUntil).toBeNull();
    expect((await buyer.client.post('/api/offer', { itemId: item.id, offerPrice: 50 })).status).toBe(200);
  });

  it("an earlier date's job leaves a later PUT alone", async () => {
    const seller = await member(t);
    await seller.client.put('/api/me/away', { until: inDays(2) });
    await seller.client.put('/api/me/away', { until: inDays(9) });
    // The first job comes due (its date passed) while the stored return is the later one.
    await t.db.db.execute(sql`update pgboss.job set start_after = now() - interval '1 second' where name = 'away-return' and data->>'until' = ${midnight(inDays(2))}`);
    await t.jobs.drain();
    expect((await seller.client.get('/api/me/settings')).body.awayUntil).toBe(midnight(inDays(9)));
    expect((await awayJobs(seller.user.id)).map((j) => j.state)).toEqual(['completed', 'created']);
  });
});
