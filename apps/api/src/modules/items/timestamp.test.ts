import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { items, timestampCodes } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createUser, listingInput } from '../../test/factories';

const t = useTestApp();

async function seller(username?: string) {
  const user = await createUser(t.db.db, { emailConfirmedAt: new Date(), phoneVerifiedAt: new Date(), ...(username ? { username } : {}) });
  return { user, client: await t.clientAs(user.id) };
}
type Seller = Awaited<ReturnType<typeof seller>>;

const photo = (userId: string, n: number) => `/uploads/items/${userId}/photo${n}.jpg`;
const codeFor = async (s: Seller) => (await s.client.post('/api/items/timestamp-code')).body.code as string;

/** A listing with two photos, the second holding the code. */
async function timestamped(s: Seller, overrides: Record<string, unknown> = {}) {
  const code = await codeFor(s);
  const input = listingInput(s.user.id, { photos: [photo(s.user.id, 1), photo(s.user.id, 2)], timestampCode: code, timestampPhoto: photo(s.user.id, 2), ...overrides });
  const res = await s.client.post('/api/item', input);
  return { res, code, input, id: res.body._id as string };
}
const rowOf = async (id: string) => (await t.db.db.select({ code: items.timestampCode, photo: items.timestampPhoto }).from(items).where(eq(items.id, id)))[0];

describe('POST /api/items/timestamp-code', () => {
  it("issues the seller's code for today (username, UTC date, a 4-letter token) and gives the same one again all day", async () => {
    const s = await seller('keebfan');
    const first = await s.client.post('/api/items/timestamp-code');
    expect(first.status).toBe(200);
    const day = new Date().toISOString().slice(0, 10);
    expect(first.body).toEqual({ code: expect.stringMatching(new RegExp(`^keebfan ${day} [A-HJKMNP-Z2-9]{4}$`)), issuedAt: expect.any(String) });
    expect((await s.client.post('/api/items/timestamp-code')).body).toEqual(first.body);
    expect(await t.db.db.select().from(timestampCodes)).toHaveLength(1);
  });

  it("issues a new code on another day, and never another seller's", async () => {
    const s = await seller();
    const old = await codeFor(s);
    await t.db.db.update(timestampCodes).set({ issuedAt: new Date(Date.now() - 2 * 86_400_000) }).where(eq(timestampCodes.code, old));
    const today = await codeFor(s);
    expect(today).not.toBe(old);
    const other = await seller();
    expect(await codeFor(other)).not.toBe(today);
  });

  it('refuses the logged out', async () => {
    expect((await (await t.client()).post('/api/items/timestamp-code')).status).toBe(401);
    expect(await t.db.db.select().from(timestampCodes)).toEqual([]);
  });
});

describe('a listing with a timestamp photo', () => {
  it('keeps the code and the photo; the owner reads them back, other viewers only the mark once approved', async () => {
    const s = await seller();
    const { res, code, id } = await timestamped(s);
    expect(res.status).toBe(200);
    expect(await rowOf(id)).toEqual({ code, photo: photo(s.user.id, 2) });
    expect((await s.client.get(`/api/item/${id}/edit`)).body.item).toMatchObject({ timestamp: { code, photo: photo(s.user.id, 2) }, timestamped: false });
    const stranger = (await (await t.client()).get(`/api/item/${id}`)).body.item;
    expect(stranger.timestamped).toBe(false);
    expect(stranger).not.toHaveProperty('timestamp');
  });

  it("refuses a code issued to another seller, or never issued, and stores nothing", async () => {
    const s = await seller();
    const other = await seller();
    const theirs = await codeFor(other);
    for (const timestampCode of [theirs, 'made up 2026-11-25 AAAA']) {
      const res = await s.client.post('/api/item', listingInput(s.user.id, { timestampCode, timestampPhoto: photo(s.user.id, 1) }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'timestamp_code', field: 'timestampCode' });
    }
    expect(await t.db.db.select().from(items)).toEqual([]);
  });

  it.each([
    [{ timestampPhoto: 'https://i.imgur.com/elsewhere.jpg' }, 'timestamp_photo', 'timestampPhoto'],
    [{ timestampPhoto: '' }, 'timestamp_photo', 'timestampPhoto'],
    [{ timestampCode: '' }, 'timestamp_code', 'timestampCode'],
    [{ timestampCode: null }, 'timestamp_code', 'timestampCode'],
  ])('refuses half a timestamp or a photo not in the listing: %o answers %s', async (patch, message, field) => {
    const s = await seller();
    const { res } = await timestamped(s, patch);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, field });
    expect(await t.db.db.select().from(items)).toEqual([]);
  });

  it('an edit that drops the marked photo clears the mark; one that keeps it keeps it; empty values remove it', async () => {
    const s = await seller();
    const { id, input, code } = await timestamped(s);
    const withoutTimestamp: Record<string, unknown> = { ...input };
    delete withoutTimestamp.timestampCode;
    delete withoutTimestamp.timestampPhoto;
    expect((await s.client.put(`/api/item/${id}`, withoutTimestamp)).status).toBe(200);
    expect(await rowOf(id)).toEqual({ code, photo: photo(s.user.id, 2) });
    expect((await s.client.put(`/api/item/${id}`, { ...withoutTimestamp, photos: [photo(s.user.id, 1)] })).status).toBe(200);
    expect(await rowOf(id)).toEqual({ code: null, photo: null });
    expect((await s.client.put(`/api/item/${id}`, input)).status).toBe(200);
    expect(await rowOf(id)).toEqual({ code, photo: photo(s.user.id, 2) });
    expect((await s.client.put(`/api/item/${id}`, { ...input, timestampCode: null, timestampPhoto: null })).status).toBe(200);
    expect(await rowOf(id)).toEqual({ code: null, photo: null });
  });

  it("shows the admin the code beside its photo in the approval queue; the 'Timestamped' mark appears in lists and on the page once approved", async () => {
    const s = await seller();
    const { id, code } = await timestamped(s);
    const plain = (await s.client.post('/api/item', listingInput(s.user.id))).body._id as string;
    const admin = await createUser(t.db.db, { isAdmin: true });
    const adminClient = await t.clientAs(admin.id);
    const queue = (await adminClient.get('/api/items/approval')).body as Array<{ _id: string; timestamp: unknown }>;
    expect(queue.find((i) => i._id === id)?.timestamp).toEqual({ code, photo: photo(s.user.id, 2) });
    expect(queue.find((i) => i._id === plain)?.timestamp).toBeNull();

    const feed = async () => (await (await t.client()).get('/api/items')).body as Array<{ _id: string; timestamped?: boolean }>;
    expect(await feed()).toEqual([]);
    for (const itemId of [id, plain]) expect((await adminClient.post(`/api/item/${itemId}/approve`)).status).toBe(200);
    const cards = await feed();
    expect(cards.find((c) => c._id === id)?.timestamped).toBe(true);
    expect(cards.find((c) => c._id === plain)).not.toHaveProperty('timestamped');
    expect((await (await t.client()).get(`/api/item/${id}`)).body.item.timestamped).toBe(true);
    expect((await (await t.client()).get(`/api/item/${plain}`)).body.item.timestamped).toBe(false);
    // A saver's vault (its own query) shows it too.
    const saver = await seller();
    expect((await saver.client.post(`/api/item/${id}/save`)).status).toBe(200);
    expect((await saver.client.get('/api/me/items/saved')).body).toMatchObject([{ _id: id, timestamped: true }]);
  });
});
