import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LOOKING_FOR_MAX } from '@keeb/shared';
import { items, trades } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createItem, createUser, listingInput } from '../../test/factories';

/** Issue 28: a listing open to trades and what its seller looks for, through create, edit, duplicate and the item page. */
const t = useTestApp();

async function seller() {
  const user = await createUser(t.db.db, { emailConfirmedAt: new Date(), phoneVerifiedAt: new Date() });
  return { user, client: await t.clientAs(user.id) };
}

const stored = async (id: string) =>
  (await t.db.db.select({ openToTrades: items.openToTrades, lookingFor: items.lookingFor }).from(items).where(eq(items.id, id)))[0];

describe('POST /api/item with openToTrades and lookingFor', () => {
  it('stores them trimmed, and the item page, edit and duplicate views answer them', async () => {
    const { user, client } = await seller();
    const res = await client.post('/api/item', listingInput(user.id, { openToTrades: true, lookingFor: '  Tofu65 + cash  ' }));
    expect(res.status).toBe(200);
    const id = res.body._id as string;
    expect(await stored(id)).toEqual({ openToTrades: true, lookingFor: 'Tofu65 + cash' });
    for (const path of [`/api/item/${id}`, `/api/item/${id}/edit`, `/api/item/${id}/duplicate`]) {
      expect((await client.get(path)).body.item).toMatchObject({ openToTrades: true, lookingFor: 'Tofu65 + cash', tradePending: false });
    }
  });

  it('a listing that leaves them out is not open to trades and looks for nothing', async () => {
    const { user, client } = await seller();
    const id = (await client.post('/api/item', listingInput(user.id))).body._id as string;
    expect(await stored(id)).toEqual({ openToTrades: false, lookingFor: '' });
    expect((await client.get(`/api/item/${id}`)).body.item).toMatchObject({ openToTrades: false, lookingFor: '', tradePending: false });
  });

  it(`refuses a lookingFor over ${LOOKING_FOR_MAX} characters with too_long naming the field, and lists nothing`, async () => {
    const { user, client } = await seller();
    const res = await client.post('/api/item', listingInput(user.id, { openToTrades: true, lookingFor: 'x'.repeat(LOOKING_FOR_MAX + 1) }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'too_long', field: 'lookingFor' });
    expect(await t.db.db.select().from(items)).toEqual([]);
    // Exactly the limit is fine, and so are surrounding spaces that trimming removes.
    const ok = await client.post('/api/item', listingInput(user.id, { openToTrades: true, lookingFor: ` ${'x'.repeat(LOOKING_FOR_MAX)} ` }));
    expect(ok.status).toBe(200);
  });

  it('refuses a non-boolean openToTrades or a non-text lookingFor with bad_request naming the field', async () => {
    const { user, client } = await seller();
    expect((await client.post('/api/item', listingInput(user.id, { openToTrades: 'yes' }))).body).toEqual({ message: 'bad_request', field: 'openToTrades' });
    expect((await client.post('/api/item', listingInput(user.id, { openToTrades: true, lookingFor: 42 }))).body).toEqual({ message: 'bad_request', field: 'lookingFor' });
    expect(await t.db.db.select().from(items)).toEqual([]);
  });

  it('a listing closed to trades drops what it looks for instead of judging it', async () => {
    const { user, client } = await seller();
    const res = await client.post('/api/item', listingInput(user.id, { openToTrades: false, lookingFor: 'x'.repeat(LOOKING_FOR_MAX + 5) }));
    expect(res.status).toBe(200);
    expect(await stored(res.body._id)).toEqual({ openToTrades: false, lookingFor: '' });
  });

  it('logged out: must login, nothing listed', async () => {
    const res = await (await t.client()).post('/api/item', listingInput('00000000-0000-4000-8000-000000000000', { openToTrades: true }));
    expect(res.status).toBe(401);
    expect(await t.db.db.select().from(items)).toEqual([]);
  });
});

describe('PUT /api/item/{id} with openToTrades and lookingFor', () => {
  it('the owner opens, changes and closes a listing to trades', async () => {
    const { user, client } = await seller();
    const item = await createItem(t.db.db, user.id);
    const edit = (patch: Record<string, unknown>) => client.put(`/api/item/${item.id}`, listingInput(user.id, patch));
    expect((await edit({ openToTrades: true, lookingFor: 'GMK Olivia' })).status).toBe(200);
    expect(await stored(item.id)).toEqual({ openToTrades: true, lookingFor: 'GMK Olivia' });
    // An edit that leaves both out (a client from before trades) keeps them.
    expect((await edit({})).status).toBe(200);
    expect(await stored(item.id)).toEqual({ openToTrades: true, lookingFor: 'GMK Olivia' });
    // Left out while open: the stored text stays; closing empties it.
    expect((await edit({ openToTrades: true })).status).toBe(200);
    expect(await stored(item.id)).toEqual({ openToTrades: true, lookingFor: 'GMK Olivia' });
    expect((await edit({ openToTrades: false })).status).toBe(200);
    expect(await stored(item.id)).toEqual({ openToTrades: false, lookingFor: '' });
  });

  it('refuses a too long lookingFor on an edit and changes nothing', async () => {
    const { user, client } = await seller();
    const item = await createItem(t.db.db, user.id, { openToTrades: true, lookingFor: 'Tofu65' });
    const res = await client.put(`/api/item/${item.id}`, listingInput(user.id, { openToTrades: true, lookingFor: 'y'.repeat(LOOKING_FOR_MAX + 1) }));
    expect(res.body).toEqual({ message: 'too_long', field: 'lookingFor' });
    expect(await stored(item.id)).toEqual({ openToTrades: true, lookingFor: 'Tofu65' });
  });

  it("another user cannot change someone's listing, nor can a logged-out visitor", async () => {
    const { user } = await seller();
    const other = await seller();
    const item = await createItem(t.db.db, user.id);
    const other1 = await other.client.put(`/api/item/${item.id}`, listingInput(other.user.id, { openToTrades: true, lookingFor: 'mine now' }));
    expect(other1.status).toBe(403);
    const anon = await (await t.client()).put(`/api/item/${item.id}`, listingInput(user.id, { openToTrades: true, lookingFor: 'mine now' }));
    expect(anon.status).toBe(401);
    expect(await stored(item.id)).toEqual({ openToTrades: false, lookingFor: '' });
    // The edit view is the owner's only.
    expect((await other.client.get(`/api/item/${item.id}/edit`)).status).toBe(403);
  });
});

describe('GET /api/item/{id}: tradePending', () => {
  it('is true for everyone while an accepted trade holds the item, false once it is released', async () => {
    const { user } = await seller();
    const proposer = await createUser(t.db.db);
    const item = await createItem(t.db.db, user.id, { openToTrades: true, lookingFor: 'A 65%' });
    const [trade] = await t.db.db
      .insert(trades)
      .values({ itemId: item.id, sellerId: user.id, proposerId: proposer.id, status: 'accepted', acceptedAt: new Date() })
      .returning({ id: trades.id });
    await t.db.db.update(items).set({ tradeId: trade!.id }).where(eq(items.id, item.id));
    const viewers = [await t.client(), await t.clientAs(proposer.id), await t.clientAs(user.id)];
    for (const client of viewers) {
      const res = await client.get(`/api/item/${item.id}`);
      expect(res.body.item).toMatchObject({ openToTrades: true, lookingFor: 'A 65%', tradePending: true });
    }
    await t.db.db.update(items).set({ tradeId: null }).where(eq(items.id, item.id));
    expect((await viewers[0]!.get(`/api/item/${item.id}`)).body.item.tradePending).toBe(false);
  });

  it('the seller cannot edit a listing an accepted trade holds: 409 trade_pending, nothing changed', async () => {
    const { user, client } = await seller();
    const proposer = await createUser(t.db.db);
    const item = await createItem(t.db.db, user.id, { openToTrades: true, lookingFor: 'A 65%' });
    const [trade] = await t.db.db
      .insert(trades)
      .values({ itemId: item.id, sellerId: user.id, proposerId: proposer.id, status: 'accepted', acceptedAt: new Date() })
      .returning({ id: trades.id });
    await t.db.db.update(items).set({ tradeId: trade!.id }).where(eq(items.id, item.id));
    const res = await client.put(`/api/item/${item.id}`, listingInput(user.id, { name: 'Something else', openToTrades: false }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'trade_pending' });
    const [row] = await t.db.db.select({ name: items.name, openToTrades: items.openToTrades }).from(items).where(eq(items.id, item.id));
    expect(row).toEqual({ name: item.name, openToTrades: true });
  });
});
