import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { WANT_LIMITS, WANT_MATCHES_PAGE_SIZE, type Want, type WantMatch } from '@keeb/shared';
import { items, wantMatches, wants } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createItem } from '../../test/factories';
import { member, saveWant, type Member } from './test-fixtures';

// Issue 16: the want-list calls, their rules and their limits.
const t = useTestApp();
const DAY_MS = 86_400_000;

const wantRows = () => t.db.db.select().from(wants).orderBy(wants.createdAt);
const list = async (who: Member) => (await who.client.get('/api/me/wants')).body as Want[];

/** Wants stored straight into the table (for the limits), active unless told. */
async function storeWants(userId: string, n: number, values: Partial<typeof wants.$inferInsert> = {}) {
  await t.db.db.insert(wants).values(
    Array.from({ length: n }, () => ({ userId, searchText: 'olivia', anchors: ['olivia'], query: sql`'olivia'::tsquery`, expiresAt: new Date(Date.now() + 30 * DAY_MS), ...values })),
  );
}

describe('saving and listing wants', () => {
  it('creates a want with its filters, lasting 90 days, and lists it newest first with its match counts', async () => {
    const buyer = await member(t);
    const first = await saveWant(buyer.client, { searchText: '  GMK   Olivia ', categoryIds: ['keycaps', 'keycaps'], regions: ['US', 'EU'], maxPrice: '250.50', saleTypeId: 'individual' });
    expect(first).toMatchObject({ searchText: 'GMK Olivia', categoryIds: ['keycaps'], regions: ['US', 'EU'], maxPrice: 250.5, saleTypeId: 'individual', paused: false, isExpired: false, matchCount: 0, newMatches: 0 });
    expect(Date.parse(first.expiresAt) - Date.now()).toBeGreaterThan((WANT_LIMITS.lifetimeDays - 0.01) * DAY_MS);
    expect(Date.parse(first.expiresAt) - Date.now()).toBeLessThanOrEqual(WANT_LIMITS.lifetimeDays * DAY_MS);
    const second = await saveWant(buyer.client, { categoryIds: ['artisan'] });
    expect(second).toMatchObject({ searchText: '', categoryIds: ['artisan'], regions: [], maxPrice: null, saleTypeId: null });
    expect((await list(buyer)).map((w) => w._id)).toEqual([second._id, first._id]);
    // The stored search: the feed's query of the words, or none and the categories as anchors.
    const [a, b] = await wantRows();
    expect(a).toMatchObject({ anchors: expect.arrayContaining(['olivia']) });
    expect(a!.query).toContain('olivia');
    expect(b).toMatchObject({ query: null, anchors: ['category:artisan'] });
  });

  it("lists only the caller's wants", async () => {
    const [buyer, other] = [await member(t), await member(t)];
    await saveWant(other.client, { searchText: 'olivia' });
    expect(await list(buyer)).toEqual([]);
  });

  it.each([
    [{}, 'field_required', 'searchText'],
    [{ searchText: '   ' }, 'field_required', 'searchText'],
    [{ searchText: '!!! ??' }, 'field_required', 'searchText'],
    [{ searchText: 'x'.repeat(WANT_LIMITS.searchTextMax + 1) }, 'too_long', 'searchText'],
    [{ searchText: 'olivia', categoryIds: ['keycaps', 'spaceships'] }, 'invalid_filter', 'categoryIds'],
    [{ searchText: 'olivia', regions: ['MARS'] }, 'invalid_filter', 'regions'],
    [{ searchText: 'olivia', saleTypeId: 'dealer' }, 'invalid_filter', 'saleTypeId'],
    [{ searchText: 'olivia', categoryIds: 'keycaps' }, 'invalid_filter', 'categoryIds'],
    [{ searchText: 'olivia', maxPrice: 'cheap' }, 'price', 'maxPrice'],
    [{ searchText: 'olivia', maxPrice: 0 }, 'price', 'maxPrice'],
    [{ searchText: 'olivia', maxPrice: '10.999' }, 'price', 'maxPrice'],
    [{ searchText: 'olivia', maxPrice: 1e9 }, 'price', 'maxPrice'],
  ])('refuses %o with 400 %s (%s) and stores nothing', async (body, message, field) => {
    const buyer = await member(t);
    const res = await buyer.client.post('/api/me/wants', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, field });
    expect(await wantRows()).toEqual([]);
  });
});

describe('limits', () => {
  it(`refuses a ${WANT_LIMITS.active + 1}th active want; paused and lapsed ones do not count, and resuming or renewing one must fit`, async () => {
    const buyer = await member(t);
    await storeWants(buyer.user.id, WANT_LIMITS.active - 1);
    const last = await saveWant(buyer.client, { searchText: 'olivia' });
    const over = await buyer.client.post('/api/me/wants', { searchText: 'botanical' });
    expect([over.status, over.body]).toEqual([409, { message: 'too_many_wants', max: WANT_LIMITS.active }]);
    expect((await buyer.client.put(`/api/me/wants/${last._id}`, { paused: true })).status).toBe(200);
    const another = await saveWant(buyer.client, { searchText: 'botanical' });
    const resume = await buyer.client.put(`/api/me/wants/${last._id}`, { paused: false });
    expect([resume.status, resume.body]).toEqual([409, { message: 'too_many_wants', max: WANT_LIMITS.active }]);
    await t.db.db.execute(sql`update wants set expires_at = now() - interval '1 day' where id = ${another._id}`);
    expect((await buyer.client.put(`/api/me/wants/${last._id}`, { paused: false })).status).toBe(200);
    const renew = await buyer.client.put(`/api/me/wants/${another._id}`, { renew: true });
    expect([renew.status, renew.body]).toEqual([409, { message: 'too_many_wants', max: WANT_LIMITS.active }]);
    expect((await buyer.client.get('/api/me/wants')).body.find((w: Want) => w._id === another._id)).toMatchObject({ isExpired: true });
  });

  it('lets only one of two parallel creates pass at the last free place', async () => {
    const buyer = await member(t);
    await storeWants(buyer.user.id, WANT_LIMITS.active - 1);
    const answers = await Promise.all([buyer.client.post('/api/me/wants', { searchText: 'olivia' }), buyer.client.post('/api/me/wants', { searchText: 'botanical' })]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await wantRows()).toHaveLength(WANT_LIMITS.active);
  });

  it(`refuses a ${WANT_LIMITS.total + 1}th want in all, paused and lapsed included`, async () => {
    const buyer = await member(t);
    await storeWants(buyer.user.id, WANT_LIMITS.total - 1, { paused: true });
    await saveWant(buyer.client, { searchText: 'olivia' });
    const res = await buyer.client.post('/api/me/wants', { searchText: 'olivia' });
    expect([res.status, res.body]).toEqual([409, { message: 'too_many_wants', max: WANT_LIMITS.total }]);
  });
});

describe('editing, pausing, renewing and deleting', () => {
  it('edits the fields sent and keeps the others; a new text is searched anew', async () => {
    const buyer = await member(t);
    const want = await saveWant(buyer.client, { searchText: 'olivia', regions: ['US'], maxPrice: 250, saleTypeId: 'vendor' });
    const res = await buyer.client.put(`/api/me/wants/${want._id}`, { searchText: 'botanical', categoryIds: ['keycaps'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: want._id, searchText: 'botanical', categoryIds: ['keycaps'], regions: ['US'], maxPrice: 250, saleTypeId: 'vendor', expiresAt: want.expiresAt });
    const [row] = await wantRows();
    expect(row!.anchors).toContain('botanical');
    expect(row!.query).toContain('botanical');
    const cleared = await buyer.client.put(`/api/me/wants/${want._id}`, { maxPrice: null, saleTypeId: null, regions: [] });
    expect(cleared.body).toMatchObject({ maxPrice: null, saleTypeId: null, regions: [], searchText: 'botanical' });
    // Words removed, categories kept: the want is found by its categories from now on.
    const categoryOnly = await buyer.client.put(`/api/me/wants/${want._id}`, { searchText: '' });
    expect(categoryOnly.body).toMatchObject({ searchText: '', categoryIds: ['keycaps'] });
    expect((await wantRows())[0]).toMatchObject({ query: null, anchors: ['category:keycaps'] });
  });

  it.each([
    [{ searchText: '' }, 'field_required', 'searchText'],
    [{ categoryIds: ['spaceships'] }, 'invalid_filter', 'categoryIds'],
    [{ maxPrice: -5 }, 'price', 'maxPrice'],
    [{ paused: 'yes' }, 'bad_request', 'paused'],
    [{ renew: false }, 'bad_request', 'renew'],
  ])('refuses the edit %o with 400 %s and changes nothing', async (body, message, field) => {
    const buyer = await member(t);
    const want = await saveWant(buyer.client, { searchText: 'olivia' });
    const before = await wantRows();
    const res = await buyer.client.put(`/api/me/wants/${want._id}`, body);
    expect([res.status, res.body]).toEqual([400, { message, field }]);
    expect(await wantRows()).toEqual(before);
  });

  it('pauses and resumes', async () => {
    const buyer = await member(t);
    const want = await saveWant(buyer.client, { searchText: 'olivia' });
    expect((await buyer.client.put(`/api/me/wants/${want._id}`, { paused: true })).body).toMatchObject({ paused: true });
    expect((await list(buyer))[0]).toMatchObject({ paused: true });
    expect((await buyer.client.put(`/api/me/wants/${want._id}`, { paused: false })).body).toMatchObject({ paused: false });
  });

  it('a lapsed want stays listed as expired and renews for 90 days from now, to be reminded again', async () => {
    const buyer = await member(t);
    const want = await saveWant(buyer.client, { searchText: 'olivia' });
    await t.db.db.execute(sql`update wants set expires_at = now() - interval '2 days', expiry_warned_at = now() - interval '9 days' where id = ${want._id}`);
    expect((await list(buyer))[0]).toMatchObject({ _id: want._id, isExpired: true });
    const res = await buyer.client.put(`/api/me/wants/${want._id}`, { renew: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isExpired: false });
    expect(Math.abs(Date.parse(res.body.expiresAt) - (Date.now() + WANT_LIMITS.lifetimeDays * DAY_MS))).toBeLessThan(60_000);
    const [row] = await wantRows();
    expect(row!.expiryWarnedAt).toBeNull();
    // The reminder of the new expiry is queued for a week before it.
    const jobs = (await t.db.db.execute(sql`select data, start_after from pgboss.job where name = 'want-expiry-warning' order by created_on`)) as unknown as {
      rows: Array<{ data: { wantId: string; expiresAt: string }; start_after: Date }>;
    };
    const last = jobs.rows.at(-1)!;
    expect(last.data).toEqual({ wantId: want._id, expiresAt: res.body.expiresAt });
    expect(new Date(last.start_after).getTime()).toBe(Date.parse(res.body.expiresAt) - WANT_LIMITS.warnDaysBefore * DAY_MS);
  });

  it('deletes a want with its matches', async () => {
    const [buyer, seller] = [await member(t), await member(t)];
    const want = await saveWant(buyer.client, { searchText: 'olivia' });
    const item = await createItem(t.db.db, seller.user.id);
    await t.db.db.insert(wantMatches).values({ wantId: want._id, itemId: item.id, userId: buyer.user.id, priceCents: 100 });
    const res = await buyer.client.delete(`/api/me/wants/${want._id}`);
    expect([res.status, res.body]).toEqual([200, { _id: want._id }]);
    expect(await list(buyer)).toEqual([]);
    expect(await t.db.db.select().from(wantMatches)).toEqual([]);
    expect((await buyer.client.delete(`/api/me/wants/${want._id}`)).status).toBe(404);
  });
});

describe('who may call', () => {
  it("answers 404 not_found for another user's want, as for none, and changes nothing", async () => {
    const [owner, other] = [await member(t), await member(t)];
    const want = await saveWant(owner.client, { searchText: 'olivia' });
    const before = await wantRows();
    const notFound = { message: 'not_found' };
    for (const res of [
      await other.client.put(`/api/me/wants/${want._id}`, { paused: true }),
      await other.client.put(`/api/me/wants/${want._id}`, { renew: true }),
      await other.client.delete(`/api/me/wants/${want._id}`),
      await other.client.get(`/api/me/wants/${want._id}/matches`),
      await owner.client.get('/api/me/wants/00000000-0000-4000-8000-000000000000/matches'),
      await owner.client.put('/api/me/wants/not-a-uuid', { paused: true }),
    ]) {
      expect([res.status, res.body]).toEqual([404, notFound]);
    }
    expect(await wantRows()).toEqual(before);
  });

  it('answers 401 must login to a logged-out caller on every want call', async () => {
    const owner = await member(t);
    const want = await saveWant(owner.client, { searchText: 'olivia' });
    const anonymous = await t.client();
    for (const res of [
      await anonymous.get('/api/me/wants'),
      await anonymous.post('/api/me/wants', { searchText: 'olivia' }),
      await anonymous.put(`/api/me/wants/${want._id}`, { paused: true }),
      await anonymous.delete(`/api/me/wants/${want._id}`),
      await anonymous.get(`/api/me/wants/${want._id}/matches`),
      await anonymous.post('/api/me/wants/seen'),
    ]) {
      expect([res.status, res.body]).toEqual([401, { message: 'must login' }]);
    }
    expect(await wantRows()).toHaveLength(1);
  });
});

describe('the matches of a want', () => {
  it('pages newest match first by matchedAt and listing id; removed listings are left out, sold ones shown', async () => {
    const [buyer, seller, other] = [await member(t), await member(t, { username: 'clacky' }), await member(t)];
    const want = await saveWant(buyer.client, { searchText: 'board' });
    const listed = await Promise.all(Array.from({ length: WANT_MATCHES_PAGE_SIZE + 4 }, (_, i) => createItem(t.db.db, seller.user.id, { name: `Board ${i}`, priceCents: 10_000 + i })));
    // Half matched at one instant: the keyset's tie-breaker must carry the paging.
    const at = new Date('2026-05-01T12:00:00.000Z');
    await t.db.db.insert(wantMatches).values(
      listed.map((item, i) => ({ wantId: want._id, itemId: item.id, userId: buyer.user.id, priceCents: 11_000 + i, createdAt: i % 2 ? at : new Date(at.getTime() + i * 1000) })),
    );
    const [removed, sold] = [listed[0]!, listed[2]!];
    await t.db.db.execute(sql`update ${items} set removed_at = now() where id = ${removed.id}`);
    await t.db.db.execute(sql`update ${items} set purchaser_id = ${other.user.id}, price_sold_cents = 9000 where id = ${sold.id}`);
    const shown = listed.filter((item) => item.id !== removed.id);
    const expectedOrder = shown
      .map((item) => ({ id: item.id, at: listed.indexOf(item) % 2 ? at.getTime() : at.getTime() + listed.indexOf(item) * 1000 }))
      .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1))
      .map((m) => m.id);

    const first = (await buyer.client.get(`/api/me/wants/${want._id}/matches`)).body as WantMatch[];
    expect(first).toHaveLength(WANT_MATCHES_PAGE_SIZE);
    const last = first.at(-1)!;
    const second = (await buyer.client.get(`/api/me/wants/${want._id}/matches?ts=${encodeURIComponent(last.matchedAt)}&cursorId=${last._id}`)).body as WantMatch[];
    expect([...first, ...second].map((m) => m._id)).toEqual(expectedOrder);
    const soldCard = [...first, ...second].find((m) => m._id === sold.id)!;
    expect(soldCard).toMatchObject({ name: 'Board 2', price: 100.02, priceSold: 90, matchedPrice: 110.02, sellerId: { _id: seller.user.id, username: 'clacky', avatar: null }, isFollowing: false });
    expect((await list(buyer))[0]).toMatchObject({ matchCount: WANT_MATCHES_PAGE_SIZE + 3, newMatches: WANT_MATCHES_PAGE_SIZE + 3 });
  });

  it.each(['ts=yesterday', 'cursorId=42', 'ts=0000-01-01T00:00:00Z'])('refuses the cursor %s with 400 invalid_cursor', async (query) => {
    const buyer = await member(t);
    const want = await saveWant(buyer.client, { searchText: 'olivia' });
    const res = await buyer.client.get(`/api/me/wants/${want._id}/matches?${query}`);
    expect([res.status, res.body.message]).toEqual([400, 'invalid_cursor']);
  });
});
