import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/client';
import { ReplicaSet } from '../db/replicas';
import { seedReferenceData } from '../db/seed/reference';
import { useTestApp, type TestClient } from '../test/app';
import { USER_DATA_TABLES } from '../test/db';
import { createItem, createUser } from '../test/factories';
import { startReplicaCluster, type ReplicaCluster } from '../test/replica-cluster';
import { isConnectionError, READ_PRIMARY_COOKIE } from './read-routing';

describe('isConnectionError (a replica read retried on the primary)', () => {
  it('retries socket failures and the server states that mean "not now", wrapped by drizzle or not', () => {
    expect(isConnectionError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionError(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isConnectionError(new Error('Query read timeout'))).toBe(true);
    expect(isConnectionError(new Error('Failed query: select 1', { cause: Object.assign(new Error('terminating connection'), { code: '57P01' }) }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('canceling statement due to conflict with recovery'), { code: '40001' }))).toBe(true);
  });

  it('does not retry what would fail on the primary too', () => {
    expect(isConnectionError(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isConnectionError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isConnectionError(undefined)).toBe(false);
  });
});

/*
 * Against a real streaming replica: a primary and a standby of this file's own, made with the PostgreSQL server
 * tools (test/replica-cluster.ts). A row cannot be written into a standby, so the tests tell the two apart by
 * pausing the standby's replay: what is written on the primary meanwhile is missing on the replica only.
 * The replicas are probed by hand here (replicas.probe()), so that no test depends on when a timer fires.
 * Runs in the PostgreSQL CI run (DATABASE_URL set), where replicas are meaningful; the clusters are its own.
 */
describe.runIf(process.env.DATABASE_URL)('public reads on a streaming replica', () => {
  let cluster: ReplicaCluster;
  let replicas: ReplicaSet;
  beforeAll(async () => {
    cluster = await startReplicaCluster();
  }, 120_000);
  afterAll(async () => {
    await cluster?.destroy();
  });

  const t = useTestApp({}, {}, {
    async database() {
      const handle = await openPostgres(cluster.primaryUrl);
      await handle.migrate();
      await seedReferenceData(handle.db);
      return {
        ...handle,
        reset: async () => void (await handle.db.execute(sql.raw(`truncate ${USER_DATA_TABLES.join(', ')} cascade`))),
        destroy: () => handle.close(),
      };
    },
    async replicas(primary) {
      replicas = await ReplicaSet.open(primary, [cluster.standbyUrl], { probeEveryMs: 3_600_000 });
      return replicas;
    },
  });

  const ids = (res: { body: Array<{ _id: string }> }) => res.body.map((row) => row._id);
  const replayPaused = async (paused: boolean) => {
    await cluster.onStandby(paused ? 'select pg_wal_replay_pause()' : 'select pg_wal_replay_resume()');
    for (let attempt = 0; attempt < 100; attempt++) {
      const [row] = await cluster.onStandby<{ state: string }>('select pg_get_wal_replay_pause_state() as state');
      if ((row?.state === 'paused') === paused) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`replay did not ${paused ? 'pause' : 'resume'}`);
  };
  /** A client that has just written: it follows someone (a state-changing call), which sets the cookie. */
  const writer = async (): Promise<TestClient> => {
    const [me, someone] = [await createUser(t.db.db), await createUser(t.db.db)];
    const client = await t.clientAs(me.id);
    const res = await client.post(`/api/user/${someone.username}/follow`);
    expect(res.status).toBe(200);
    expect(String(res.headers['set-cookie'])).toContain(`${READ_PRIMARY_COOKIE}=`);
    return client;
  };

  beforeEach(async () => {
    await cluster.caughtUp();
    await replicas.probe();
    expect(replicas.statuses()).toEqual([expect.objectContaining({ healthy: true })]);
  });

  it('serves the public feed from the replica, and a reader who just wrote from the primary', async () => {
    const seller = await createUser(t.db.db);
    const before = await createItem(t.db.db, seller.id);
    await cluster.caughtUp();
    await replayPaused(true);
    try {
      const reader = await writer();
      const after = await createItem(t.db.db, seller.id);
      const visitor = await t.client();
      // The replica has not replayed `after`: a visitor's feed, search and the seller's list lack it.
      expect(ids(await visitor.get('/api/items'))).toEqual([before.id]);
      expect(ids(await visitor.post('/api/searchItems', { searchText: 'board' }))).toEqual([before.id]);
      expect(ids(await visitor.get(`/api/user/${seller.username}/items/listed`))).toEqual([before.id]);
      // The writer's reads go to the primary for a few seconds.
      expect(ids(await reader.get('/api/items'))).toEqual([after.id, before.id]);
      // A search (sent as POST) is a read: it does not make the visitor a writer.
      expect(ids(await visitor.get('/api/items'))).toEqual([before.id]);
    } finally {
      await replayPaused(false);
    }
    await cluster.caughtUp();
    expect(ids(await (await t.client()).get('/api/items'))).toHaveLength(2);
  });

  it("reads a user's own write back at once while the replica has not replayed it", async () => {
    const seller = await createUser(t.db.db);
    const fan = await createUser(t.db.db);
    const client = await t.clientAs(fan.id);
    await cluster.caughtUp();
    await replayPaused(true);
    try {
      const followed = await client.post(`/api/user/${seller.username}/follow`);
      expect(followed.body).toEqual({ isFollowing: true, numFollowers: 1 });
      // Public lists, answered by the primary for the one who wrote...
      expect(ids(await client.get(`/api/user/${seller.username}/followers`))).toEqual([fan.id]);
      expect((await client.get(`/api/user/${seller.username}/profile`)).body).toMatchObject({ numFollowers: 1, isFollowing: true });
      // ...and by the replica, which does not have the follow yet, for everyone else.
      const visitor = await t.client();
      expect(ids(await visitor.get(`/api/user/${seller.username}/followers`))).toEqual([]);
      expect((await visitor.get(`/api/user/${seller.username}/profile`)).body).toMatchObject({ numFollowers: 0 });
    } finally {
      await replayPaused(false);
    }
  });

  it('skips a replica lagging beyond the threshold, and uses it again once it caught up', async () => {
    const seller = await createUser(t.db.db);
    await cluster.caughtUp();
    await replayPaused(true);
    try {
      const item = await createItem(t.db.db, seller.id);
      // Lag is measured from the first probe that saw the primary past the replica's position.
      for (let attempt = 0; attempt < 100 && replicas.statuses()[0]?.reason !== 'lagging'; attempt++) {
        await replicas.probe();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(replicas.statuses()).toEqual([expect.objectContaining({ healthy: false, reason: 'lagging' })]);
      expect(replicas.statuses()[0]!.lagMs).toBeGreaterThan(replicas.maxLagMs);
      expect(ids(await (await t.client()).get('/api/items'))).toEqual([item.id]);
    } finally {
      await replayPaused(false);
    }
    await cluster.caughtUp();
    await replicas.probe();
    expect(replicas.statuses()).toEqual([expect.objectContaining({ healthy: true, lagMs: 0 })]);
  });

  // Last: the standby stays down.
  it('skips a replica that is down, without an error: the read is retried on the primary', async () => {
    const seller = await createUser(t.db.db);
    await cluster.stopStandby();
    const item = await createItem(t.db.db, seller.id);
    // No probe has run since: the replica is still in rotation, the feed's query fails to connect to it.
    expect(replicas.statuses()).toEqual([expect.objectContaining({ healthy: true })]);
    const visitor = await t.client();
    const feed = await visitor.get('/api/items');
    expect(feed.status).toBe(200);
    expect(ids(feed)).toEqual([item.id]);
    expect(replicas.statuses()).toEqual([expect.objectContaining({ healthy: false, reason: 'down' })]);
    await replicas.probe();
    expect(replicas.statuses()).toEqual([expect.objectContaining({ healthy: false, reason: 'down' })]);
    // Every public read answers from the primary meanwhile.
    for (const path of ['/api/items', `/api/user/${seller.username}/items/listed`, `/api/user/${seller.username}/profile`, `/api/user/${seller.username}/followers`, '/api/items/price-history', '/api/blogs', '/api/banner-blogs']) {
      expect([path, (await visitor.get(path)).status]).toEqual([path, 200]);
    }
  });
});
