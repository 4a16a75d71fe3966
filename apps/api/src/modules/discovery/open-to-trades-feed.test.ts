import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ITEM_PAGE_SIZE } from '@keeb/shared';
import { items, trades, users } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createItem, createUser, itemValues } from '../../test/factories';
import * as repo from './list-page';

/** Issue 28: the feed's 'Open to trades' filter (GET /api/items?openToTrades=true) and the cards' trade marks. */
const t = useTestApp();
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
type Card = { _id: string; openToTrades: boolean; tradePending: boolean; isFollowing?: boolean };
const ids = (body: Card[]) => body.map((c) => c._id);

async function feed(query: string, client?: Awaited<ReturnType<typeof t.client>>) {
  const res = await (client ?? (await t.client())).get(`/api/items${query}`);
  expect(res.status).toBe(200);
  return res.body as Card[];
}

/** An accepted trade holding `itemId` (the trades module's hold, set here directly). */
async function hold(itemId: string, sellerId: string) {
  const proposer = await createUser(t.db.db);
  const [trade] = await t.db.db
    .insert(trades)
    .values({ itemId, sellerId, proposerId: proposer.id, status: 'accepted', acceptedAt: new Date() })
    .returning({ id: trades.id });
  await t.db.db.update(items).set({ tradeId: trade!.id }).where(eq(items.id, itemId));
}

describe('GET /api/items?openToTrades=true', () => {
  it('keeps to listings open to trades, held ones included and marked Trade pending; false or absent filters nothing', async () => {
    const seller = await createUser(t.db.db);
    const buyer = await createUser(t.db.db);
    const open = await createItem(t.db.db, seller.id, { openToTrades: true, lookingFor: 'Tofu65', timeListed: minutesAgo(1) });
    const closed = await createItem(t.db.db, seller.id, { timeListed: minutesAgo(2) });
    const held = await createItem(t.db.db, seller.id, { openToTrades: true, timeListed: minutesAgo(3) });
    await hold(held.id, seller.id);
    // Open to trades but not on sale: pending approval, sold, removed.
    await createItem(t.db.db, seller.id, { openToTrades: true, approvalStatus: 'pending' });
    await createItem(t.db.db, seller.id, { openToTrades: true, purchaserId: buyer.id, priceSoldCents: 9000 });
    await createItem(t.db.db, seller.id, { openToTrades: true, removedAt: new Date() });

    const filtered = await feed('?openToTrades=true');
    expect(ids(filtered)).toEqual([open.id, held.id]);
    expect(filtered[0]).toMatchObject({ openToTrades: true, tradePending: false });
    expect(filtered[1]).toMatchObject({ openToTrades: true, tradePending: true });
    // A card carries the badge, not what the seller looks for (that is on the item page).
    expect(filtered[0]).not.toHaveProperty('lookingFor');

    for (const query of ['', '?openToTrades=false']) {
      const all = await feed(query);
      expect(ids(all)).toEqual([open.id, closed.id, held.id]);
      expect(all[1]).toMatchObject({ openToTrades: false, tradePending: false });
    }
  });

  it('signed in or logged out, the same cards (the signed-in viewer also gets their hearts)', async () => {
    const seller = await createUser(t.db.db);
    const viewer = await createUser(t.db.db);
    const open = await createItem(t.db.db, seller.id, { openToTrades: true });
    await createItem(t.db.db, seller.id);
    const signedIn = await feed('?openToTrades=true', await t.clientAs(viewer.id));
    expect(signedIn).toEqual([expect.objectContaining({ _id: open.id, openToTrades: true, isFollowing: false })]);
    const loggedOut = await feed('?openToTrades=true');
    expect(ids(loggedOut)).toEqual([open.id]);
    expect(loggedOut[0]).not.toHaveProperty('isFollowing');
  });

  it.each(['1', 'yes', 'TRUE', ''])('refuses openToTrades=%s with the invalid input answer', async (value) => {
    const res = await (await t.client()).get(`/api/items?openToTrades=${value}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'bad_request', field: 'openToTrades' });
  });

  it('POST /api/searchItems takes the filter as a JSON boolean too', async () => {
    const seller = await createUser(t.db.db);
    const open = await createItem(t.db.db, seller.id, { openToTrades: true, name: 'GMK Olivia keycaps' });
    await createItem(t.db.db, seller.id, { name: 'GMK Olivia deskmat' });
    const res = await (await t.client()).post('/api/searchItems', { searchText: 'olivia', openToTrades: true });
    expect(ids(res.body)).toEqual([open.id]);
  });

  it('combines with category, search and the price sorts', async () => {
    const seller = await createUser(t.db.db);
    const caps = await createItem(t.db.db, seller.id, { openToTrades: true, categoryId: 'keycaps', name: 'GMK Olivia', priceCents: 30_000 });
    const board = await createItem(t.db.db, seller.id, { openToTrades: true, categoryId: 'keyboards', name: 'Tofu65 Olivia build', priceCents: 20_000 });
    const cheap = await createItem(t.db.db, seller.id, { openToTrades: true, categoryId: 'keycaps', name: 'DSA blanks', priceCents: 5_000 });
    await createItem(t.db.db, seller.id, { categoryId: 'keycaps', name: 'GMK Olivia dark', priceCents: 1_000 });

    expect(ids(await feed('?openToTrades=true&categoryIds=keycaps'))).toEqual([cheap.id, caps.id]);
    expect(new Set(ids(await feed('?openToTrades=true&searchText=olivia')))).toEqual(new Set([caps.id, board.id]));
    expect(ids(await feed('?openToTrades=true&categoryIds=keycaps&searchText=olivia'))).toEqual([caps.id]);
    expect(ids(await feed('?openToTrades=true&sort=low'))).toEqual([cheap.id, board.id, caps.id]);
    expect(ids(await feed('?openToTrades=true&sort=high'))).toEqual([caps.id, board.id, cheap.id]);
  });

  it('pages with the keyset cursor (newest first and by price) without repeats or gaps', async () => {
    const seller = await createUser(t.db.db);
    const total = ITEM_PAGE_SIZE + 5;
    const rows = Array.from({ length: total * 2 }, (_, i) =>
      itemValues(seller.id, { openToTrades: i % 2 === 0, priceCents: 1_000 + (i % 7) * 100, timeListed: minutesAgo(i + 1) }),
    );
    const inserted = await t.db.db.insert(items).values(rows).returning({ id: items.id, openToTrades: items.openToTrades });
    const expected = new Set(inserted.filter((r) => r.openToTrades).map((r) => r.id));

    const first = await feed('?openToTrades=true');
    expect(first).toHaveLength(ITEM_PAGE_SIZE);
    const last = first.at(-1) as Card & { timeListed: string };
    const second = await feed(`?openToTrades=true&ts=${encodeURIComponent(last.timeListed)}&cursorId=${last._id}`);
    expect(new Set([...ids(first), ...ids(second)])).toEqual(expected);
    expect(first.length + second.length).toBe(total);

    const low = await feed('?openToTrades=true&sort=low');
    const lowLast = low.at(-1) as Card & { timeListed: string; price: number };
    const lowNext = await feed(`?openToTrades=true&sort=low&price=${lowLast.price}&ts=${encodeURIComponent(lowLast.timeListed)}&cursorId=${lowLast._id}`);
    expect(new Set([...ids(low), ...ids(lowNext)])).toEqual(expected);
    expect(low.length + lowNext.length).toBe(total);
  });
});

describe('the filter on a seller profile', () => {
  it("a seller's public listings take the filter too", async () => {
    const seller = await createUser(t.db.db);
    const open = await createItem(t.db.db, seller.id, { openToTrades: true });
    await createItem(t.db.db, seller.id);
    const res = await (await t.client()).get(`/api/user/${seller.username}/items/listed?openToTrades=true`);
    expect(ids(res.body)).toEqual([open.id]);
  });
});

describe('the plan of the filtered feed', () => {
  async function plan(query: SQLWrapper): Promise<string> {
    const result = (await t.db.db.execute(sql`explain ${query}`)) as unknown as { rows: Array<Record<string, string>> };
    return result.rows.map((r) => Object.values(r)[0]).join('\n');
  }

  it('newest first walks items_trades_feed_idx, first page and after a cursor; other sorts use an index', async () => {
    const sellers = await t.db.db
      .insert(users)
      .values(Array.from({ length: 20 }, (_, i) => ({ username: `trade_plan_${i}`, email: `trade_plan${i}@example.test`, shippingRegionCode: 'US' })))
      .returning({ id: users.id });
    const start = Date.now();
    for (let chunk = 0; chunk < 3000; chunk += 500) {
      await t.db.db.insert(items).values(
        Array.from({ length: 500 }, (_, j) => {
          const i = chunk + j;
          // Few listings open to trades, as on the forum's marketplace side today.
          return itemValues(sellers[i % sellers.length]!.id, { openToTrades: i % 20 === 0, priceCents: 1_000 + ((i * 7919) % 90_000), timeListed: new Date(start - i * 60_000) });
        }),
      );
    }
    await t.db.db.execute(sql`analyze`);
    const base = { scope: { kind: 'public' as const }, cursor: {}, limit: ITEM_PAGE_SIZE + 1, openToTrades: true };
    const first = await plan(repo.listQuery(t.db.db, { ...base, sort: 'def' }));
    expect(first).toMatch(/items_trades_feed_idx/);
    expect(first).not.toMatch(/Seq Scan on items\b/);
    const deep = { ts: new Date(start - 1500 * 60_000).toISOString(), id: '00000000-0000-4000-8000-000000000000' };
    expect(await plan(repo.listQuery(t.db.db, { ...base, sort: 'def', cursor: deep }))).toMatch(/items_trades_feed_idx/);
    expect(await plan(repo.listQuery(t.db.db, { ...base, sort: 'old' }))).toMatch(/items_trades_feed_idx/);
    for (const sort of ['low', 'high'] as const) {
      const text = await plan(repo.listQuery(t.db.db, { ...base, sort }));
      expect(text).toMatch(/Index/);
      expect(text).not.toMatch(/Seq Scan on items\b/);
    }
  });
});
