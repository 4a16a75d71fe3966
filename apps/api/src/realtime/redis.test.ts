import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { createApp } from '../app';
import type { JobQueue } from '../platform/jobs/job-queue';
import { createLogger } from '../platform/logger';
import { RateLimits } from '../platform/rate-limit';
import { createSessionMiddleware } from '../platform/session';
import { useTestApp } from '../test/app';
import { createUser } from '../test/factories';
import { collect, listenWithRealtime, sendMessage } from '../test/realtime';

/**
 * Two API processes (two apps, two HTTP servers with socket.io) on one database and one Redis: a message sent on
 * one reaches the recipient's socket on the other, and the sender's other tab there too. CI sets REDIS_URL for the
 * PostgreSQL run; without it there is nothing to relay through.
 */
const redisUrl = process.env.REDIS_URL;
const t = useTestApp();

describe.skipIf(!redisUrl)('realtime across API processes (Redis streams adapter)', () => {
  let one: Awaited<ReturnType<typeof listenWithRealtime>>;
  let two: Awaited<ReturnType<typeof listenWithRealtime>>;

  beforeAll(async () => {
    one = await listenWithRealtime(t.app, createSessionMiddleware(t.config, t.db.db).middleware, { redisUrl });
    // The second process's app on the same database. Its jobs go through the first's started queue (one queue per
    // test database); handlers are the first's already.
    const session = createSessionMiddleware(t.config, t.db.db);
    const jobs: JobQueue = { ...t.jobs, handle: () => {} };
    const app = createApp({ config: t.config, db: t.db.db, logger: createLogger(t.config), limits: new RateLimits({ db: t.db.db }), session: session.middleware, jobs });
    two = await listenWithRealtime(app, session.middleware, { redisUrl });
    // Each process reads the stream from when its reader started: wait until each has heard the other.
    const heard = async () => Math.min(await one.realtime.io.of('/').adapter.serverCount(), await two.realtime.io.of('/').adapter.serverCount());
    for (const deadline = Date.now() + 15_000; (await heard()) < 2; ) {
      if (Date.now() > deadline) throw new Error('the two processes never heard each other through Redis');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('a message sent on one process reaches the other user and the sender’s other tab on the other', async () => {
    const [a, b] = [await createUser(t.db.db), await createUser(t.db.db)];
    const [ca, cb] = [await t.clientAs(a.id), await t.clientAs(b.id)];
    const aOnOne = await one.open(ca.cookie);
    const aOnTwo = await two.open(ca.cookie);
    const bOnTwo = await two.open(cb.cookie);
    const [gotB, gotATab, countsB] = [collect(bOnTwo, 'msg'), collect(aOnTwo, 'msg'), collect(bOnTwo, 'counts')];
    const ack = await sendMessage(aOnOne, { toUserId: b.id, msg: 'across processes', clientId: 'x-1' });
    expect(ack.ok).toBe(true);
    await expect.poll(() => gotB.map((m) => [m.msg, m.from.id])).toEqual([['across processes', a.id]]);
    await expect.poll(() => gotATab.map((m) => m.message.clientId)).toEqual(['x-1']);
    await expect.poll(() => countsB.at(-1)).toEqual({ numNewOffers: 0, numNewMessages: 1, numNewWantMatches: 0, numOrdersToAct: 0, numNewTrades: 0 });
    // And back: b answers on process two, a's socket on process one receives it.
    const gotA = collect(aOnOne, 'msg');
    if (!ack.ok) return;
    expect((await sendMessage(bOnTwo, { conversationId: ack.message.conversationId, msg: 'heard you' })).ok).toBe(true);
    await expect.poll(() => gotA.map((m) => m.msg)).toEqual(['heard you']);
  });
});
