import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { items } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createUser, itemValues } from '../../test/factories';
import { PROFILE_BY_ID_SQL, PROFILE_BY_NAME_SQL } from './profile-header';

/** Issue 37: GET /api/user/{username}/profile in one statement, for every kind of viewer. */
const t = useTestApp();

describe('the profile header for each viewer', () => {
  it('answers isFollowing and isUserProfile for a follower, another user, the owner and a visitor, by name or id', async () => {
    const seller = await createUser(t.db.db);
    const fan = await createUser(t.db.db);
    const other = await createUser(t.db.db);
    const asFan = await t.clientAs(fan.id);
    await asFan.post(`/api/user/${seller.username}/follow`).expect(200);
    // The other user follows someone else: whom they follow says nothing about this seller.
    await (await t.clientAs(other.id)).post(`/api/user/${fan.username}/follow`).expect(200);

    const viewers = [
      ['follower', asFan, { isFollowing: true, isUserProfile: false }],
      ['other user', await t.clientAs(other.id), { isFollowing: false, isUserProfile: false }],
      ['owner', await t.clientAs(seller.id), { isFollowing: false, isUserProfile: true }],
      ['logged out', await t.client(), { isFollowing: false, isUserProfile: false }],
    ] as const;
    for (const key of [seller.username.toUpperCase(), seller.id]) {
      for (const [who, client, expected] of viewers) {
        const res = await client.get(`/api/user/${key}/profile`);
        expect({ who, status: res.status }).toEqual({ who, status: 200 });
        expect({ who, ...res.body }).toMatchObject({ who, _id: seller.id, username: seller.username, numFollowers: 1, numFollowing: 0, ...expected });
      }
    }
    // The same answer for the follower after an unfollow, and for the other user once they follow.
    await asFan.post(`/api/user/${seller.username}/unfollow`).expect(200);
    expect((await asFan.get(`/api/user/${seller.username}/profile`)).body).toMatchObject({ isFollowing: false, numFollowers: 0 });
    const asOther = await t.clientAs(other.id);
    await asOther.post(`/api/user/${seller.username}/follow`).expect(200);
    expect((await asOther.get(`/api/user/${seller.id}/profile`)).body).toMatchObject({ isFollowing: true, numFollowers: 1 });
    expect((await (await t.client()).get(`/api/user/${seller.username}/profile`)).body).toMatchObject({ isFollowing: false, numFollowers: 1 });
  });

  it('is 404 for a uuid that names nobody and for a name past the limit', async () => {
    const anon = await t.client();
    for (const key of ['00000000-0000-4000-8000-000000000000', 'x'.repeat(200)]) {
      const res = await anon.get(`/api/user/${key}/profile`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'not_found' });
    }
  });

  it('reads no listing, no ledger row and no follow list: its cost does not grow with the seller', async () => {
    const seller = await createUser(t.db.db);
    const viewer = await createUser(t.db.db);
    await t.db.db.insert(items).values(Array.from({ length: 300 }, (_, i) => itemValues(seller.id, { purchaserId: i % 3 === 0 ? viewer.id : null })));
    await t.db.db.execute(sql`analyze`);
    for (const [statement, key] of [[PROFILE_BY_NAME_SQL, seller.username], [PROFILE_BY_ID_SQL, seller.id]] as const) {
      const result = (await t.db.db.execute(sql.raw(`explain ${statement.replace('$1', `'${key}'`).replaceAll('$2', `'${viewer.id}'`)}`))) as unknown as {
        rows: Array<Record<string, string>>;
      };
      const plan = result.rows.map((r) => Object.values(r)[0]).join('\n');
      expect(plan).toMatch(/user_counts/);
      // The trust panel reads orders, trades and conversations by index; nothing reads items or karma_ledger.
      expect(plan).not.toMatch(/\bon items\b|items_seller|karma_ledger/);
    }
  });
});
