import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { follows, items, karmaLedger, userCounts, users } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createItem, createUser } from '../../test/factories';
import { awardKarma, scrubUser } from '../accounts/repo';
import * as repo from './profiles-repo';

/**
 * Issue 37: the profile header reads its counts from user_counts, kept by triggers (migration 0034). Every count
 * must stay what the live count says (profiles-repo.ts: salesCount, forSaleCount, karmaOf, followerCount,
 * followingCount), whatever wrote the rows.
 */
const t = useTestApp();

interface Counts {
  sales: number;
  forSale: number;
  karma: number;
  followers: number;
  following: number;
}

/** The maintained row; no row reads as zeros. */
async function kept(userId: string): Promise<Counts> {
  const [row] = await t.db.db
    .select({ sales: userCounts.sales, forSale: userCounts.forSale, karma: userCounts.karma, followers: userCounts.followers, following: userCounts.following })
    .from(userCounts)
    .where(eq(userCounts.userId, userId));
  return row ?? { sales: 0, forSale: 0, karma: 0, followers: 0, following: 0 };
}

/** The counts as the profile counted them before the counters (the definitions). */
async function live(userId: string): Promise<Counts> {
  const db = t.db.db;
  const [sales, forSale, karma, followers, following] = await Promise.all([
    repo.salesCount(db, userId),
    repo.forSaleCount(db, userId),
    repo.karmaOf(db, userId),
    repo.followerCount(db, userId),
    repo.followingCount(db, userId),
  ]);
  return { sales, forSale, karma, followers, following };
}

async function expectKeptIsLive(userIds: string[]) {
  for (const id of userIds) expect({ id, ...(await kept(id)) }).toEqual({ id, ...(await live(id)) });
  // The set-based recount (the migration's backfill, bench/fill.ts) agrees with the triggers for every user.
  const drift = (await t.db.db.execute(sql`
    select coalesce(c.user_id, r.user_id) as user_id from user_counts c full join user_counts_recount() r on r.user_id = c.user_id
    where (coalesce(c.sales, 0), coalesce(c.for_sale, 0), coalesce(c.karma, 0), coalesce(c.followers, 0), coalesce(c.following, 0))
       <> (coalesce(r.sales, 0), coalesce(r.for_sale, 0), coalesce(r.karma, 0), coalesce(r.followers, 0), coalesce(r.following, 0))`)) as unknown as { rows: unknown[] };
  expect(drift.rows).toEqual([]);
}

const header = async (username: string) => {
  const res = await (await t.client()).get(`/api/user/${username}/profile`);
  expect(res.status).toBe(200);
  return res.body as { transactions: number; numForSale: number; karma: number; numFollowers: number; numFollowing: number };
};

describe('user_counts, the profile header counts kept by triggers', () => {
  it('follows a listing through listed, approved, sold, removed, rejected and re-listed', async () => {
    const seller = await createUser(t.db.db);
    const buyer = await createUser(t.db.db);
    const admin = await createUser(t.db.db, { isAdmin: true });
    const asAdmin = await t.clientAs(admin.id);
    const asSeller = await t.clientAs(seller.id);

    const pending = await createItem(t.db.db, seller.id, { approvalStatus: 'pending' });
    expect(await kept(seller.id)).toMatchObject({ sales: 0, forSale: 0 });
    await asAdmin.post(`/api/item/${pending.id}/approve`).expect(200);
    expect(await kept(seller.id)).toMatchObject({ sales: 0, forSale: 1 });

    const other = await createItem(t.db.db, seller.id);
    expect(await kept(seller.id)).toMatchObject({ sales: 0, forSale: 2 });
    await t.db.db.update(items).set({ purchaserId: buyer.id, soldAt: new Date() }).where(eq(items.id, other.id));
    expect(await kept(seller.id)).toMatchObject({ sales: 1, forSale: 1 });
    expect(await kept(buyer.id)).toMatchObject({ sales: 0, forSale: 0 });

    await asSeller.delete(`/api/item/${pending.id}/remove`).expect(200);
    expect(await kept(seller.id)).toMatchObject({ sales: 1, forSale: 0 });
    // A removed listing put back (no route does it today; the database allows it).
    await t.db.db.update(items).set({ removedAt: null }).where(eq(items.id, pending.id));
    expect(await kept(seller.id)).toMatchObject({ sales: 1, forSale: 1 });

    // Rejected, then edited (back to pending), then approved again.
    const rejected = await createItem(t.db.db, seller.id, { approvalStatus: 'pending' });
    await asAdmin.post(`/api/item/${rejected.id}/reject`).expect(200);
    expect(await kept(seller.id)).toMatchObject({ sales: 1, forSale: 1 });
    await t.db.db.update(items).set({ approvalStatus: 'pending' }).where(eq(items.id, rejected.id));
    await asAdmin.post(`/api/item/${rejected.id}/approve`).expect(200);
    expect(await kept(seller.id)).toMatchObject({ sales: 1, forSale: 2 });

    // A sold listing removed stays a sale; a sale undone puts it back for sale.
    await t.db.db.update(items).set({ removedAt: new Date() }).where(eq(items.id, other.id));
    expect(await kept(seller.id)).toMatchObject({ sales: 1, forSale: 2 });
    await t.db.db.update(items).set({ removedAt: null, purchaserId: null, soldAt: null }).where(eq(items.id, other.id));
    expect(await kept(seller.id)).toMatchObject({ sales: 0, forSale: 3 });

    // Changes that move no count leave the row alone; deleting rows takes them out.
    await t.db.db.update(items).set({ saveCount: 5, priceCents: 1 }).where(eq(items.sellerId, seller.id));
    expect(await kept(seller.id)).toMatchObject({ sales: 0, forSale: 3 });
    await t.db.db.delete(items).where(eq(items.id, rejected.id));
    expect(await kept(seller.id)).toMatchObject({ sales: 0, forSale: 2 });

    const shown = await header(seller.username);
    expect([shown.transactions, shown.numForSale]).toEqual([0, 2]);
    await expectKeptIsLive([seller.id, buyer.id, admin.id]);
  });

  it('takes a removed account out: its listings, its follows on both sides', async () => {
    const seller = await createUser(t.db.db);
    const fan = await createUser(t.db.db);
    const star = await createUser(t.db.db);
    for (let i = 0; i < 3; i++) await createItem(t.db.db, seller.id);
    await createItem(t.db.db, seller.id, { purchaserId: fan.id });
    await (await t.clientAs(fan.id)).post(`/api/user/${seller.username}/follow`).expect(200);
    await (await t.clientAs(seller.id)).post(`/api/user/${star.username}/follow`).expect(200);
    await (await t.clientAs(star.id)).post(`/api/user/${seller.username}/follow`).expect(200);
    expect(await kept(seller.id)).toEqual({ sales: 1, forSale: 3, karma: 0, followers: 2, following: 1 });
    expect(await kept(star.id)).toMatchObject({ followers: 1, following: 1 });

    await scrubUser(t.db.db, seller.id);
    // The seller's own row: listings removed, sales kept (the profile itself is 404 now).
    expect(await kept(seller.id)).toMatchObject({ sales: 1, forSale: 0 });
    expect(await kept(fan.id)).toMatchObject({ following: 0 });
    expect(await kept(star.id)).toMatchObject({ followers: 0, following: 0 });
    expect((await header(star.username)).numFollowers).toBe(0);
    await expectKeptIsLive([seller.id, fan.id, star.id]);

    // A follower's account removed: the followed loses one follower.
    const follower = await createUser(t.db.db);
    await (await t.clientAs(follower.id)).post(`/api/user/${star.username}/follow`).expect(200);
    expect((await header(star.username)).numFollowers).toBe(1);
    await scrubUser(t.db.db, follower.id);
    expect((await header(star.username)).numFollowers).toBe(0);
    // Restored (the database allows it): counted again on both sides.
    await t.db.db.update(users).set({ removedAt: null }).where(eq(users.id, seller.id));
    expect(await kept(star.id)).toMatchObject({ followers: 1, following: 1 });
    await expectKeptIsLive([seller.id, fan.id, star.id, follower.id]);
  });

  it('counts follows and unfollows, and a user deleted outright', async () => {
    const [a, b, c] = [await createUser(t.db.db), await createUser(t.db.db), await createUser(t.db.db)];
    const asA = await t.clientAs(a.id);
    await asA.post(`/api/user/${b.username}/follow`).expect(200);
    await asA.post(`/api/user/${b.username}/follow`).expect(200); // idempotent: one row, one count
    await asA.post(`/api/user/${c.username}/follow`).expect(200);
    await (await t.clientAs(b.id)).post(`/api/user/${a.username}/follow`).expect(200);
    expect(await kept(a.id)).toMatchObject({ followers: 1, following: 2 });
    expect(await kept(b.id)).toMatchObject({ followers: 1, following: 1 });
    await asA.post(`/api/user/${c.username}/unfollow`).expect(200);
    await asA.post(`/api/user/${c.username}/unfollow`).expect(200);
    expect(await kept(a.id)).toMatchObject({ followers: 1, following: 1 });
    expect(await kept(c.id)).toMatchObject({ followers: 0 });

    // A follow to a removed account is stored but never counted.
    const gone = await createUser(t.db.db, { removedAt: new Date() });
    await t.db.db.insert(follows).values([{ followerId: a.id, followedId: gone.id }, { followerId: gone.id, followedId: c.id }]);
    expect(await kept(a.id)).toMatchObject({ following: 1 });
    expect(await kept(c.id)).toMatchObject({ followers: 0 });

    // Deleted outright (its follows cascade): the others' counts follow, nothing of it remains.
    await t.db.db.delete(users).where(eq(users.id, b.id));
    expect(await kept(a.id)).toMatchObject({ followers: 0, following: 0 });
    expect(await t.db.db.select().from(userCounts).where(eq(userCounts.userId, b.id))).toEqual([]);
    await t.db.db.delete(users).where(eq(users.id, gone.id));
    await expectKeptIsLive([a.id, c.id]);
  });

  it('sums karma as it is awarded', async () => {
    const user = await createUser(t.db.db);
    expect(await awardKarma(t.db.db, { userId: user.id, reason: 'listing', amount: 3, subjectId: 'x' })).toBe(true);
    expect(await awardKarma(t.db.db, { userId: user.id, reason: 'listing', amount: 3, subjectId: 'x' })).toBe(false);
    await awardKarma(t.db.db, { userId: user.id, reason: 'sale', amount: 10, subjectId: 'y' });
    expect((await header(user.username)).karma).toBe(13);
    await t.db.db.update(karmaLedger).set({ amount: 1 }).where(and(eq(karmaLedger.userId, user.id), eq(karmaLedger.reason, 'sale')));
    expect(await kept(user.id)).toMatchObject({ karma: 4 });
    await t.db.db.delete(karmaLedger).where(eq(karmaLedger.userId, user.id));
    expect(await kept(user.id)).toMatchObject({ karma: 0 });
    await expectKeptIsLive([user.id]);
  });

  it('equals the live counts after a random sequence of writes', async () => {
    // A small deterministic generator (mulberry32), so a failure can be replayed.
    let seed = 37;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const people = await Promise.all(Array.from({ length: 6 }, () => createUser(t.db.db)));
    const ids = people.map((p) => p.id);
    const statuses = ['pending', 'approved', 'rejected'] as const;
    const listings: string[] = [];
    for (let step = 0; step < 160; step++) {
      const op = Math.floor(random() * 11);
      const listing = listings.length ? pick(listings) : undefined;
      switch (op) {
        case 0:
        case 1:
          listings.push((await createItem(t.db.db, pick(ids), { approvalStatus: pick(statuses), purchaserId: random() < 0.2 ? pick(ids) : null }, [])).id);
          break;
        case 2:
          if (listing) await t.db.db.update(items).set({ approvalStatus: pick(statuses) }).where(eq(items.id, listing));
          break;
        case 3:
          if (listing) await t.db.db.update(items).set({ purchaserId: random() < 0.7 ? pick(ids) : null }).where(eq(items.id, listing));
          break;
        case 4:
          if (listing) await t.db.db.update(items).set({ removedAt: random() < 0.6 ? new Date() : null }).where(eq(items.id, listing));
          break;
        case 5:
          // Several rows in one statement, some to another seller.
          await t.db.db.update(items).set({ sellerId: pick(ids), removedAt: null }).where(eq(items.sellerId, pick(ids)));
          break;
        case 6: {
          const [a, b] = [pick(ids), pick(ids)];
          if (a !== b) await t.db.db.insert(follows).values({ followerId: a, followedId: b }).onConflictDoNothing();
          break;
        }
        case 7:
          await t.db.db.delete(follows).where(eq(follows.followerId, pick(ids)));
          break;
        case 8:
          await t.db.db.update(users).set({ removedAt: random() < 0.5 ? new Date() : null }).where(eq(users.id, pick(ids)));
          break;
        case 9:
          await awardKarma(t.db.db, { userId: pick(ids), reason: 'listing', amount: 1 + Math.floor(random() * 5), subjectId: `s${step}` });
          break;
        case 10:
          if (listing) await t.db.db.delete(items).where(eq(items.id, listing));
          if (listing) listings.splice(listings.indexOf(listing), 1);
          break;
      }
    }
    await expectKeptIsLive(ids);
  });
});
