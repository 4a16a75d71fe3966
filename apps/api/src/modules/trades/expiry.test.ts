import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { purchases, trades } from '../../db/schema/index';
import { RateLimits } from '../../platform/rate-limit';
import { useTestApp } from '../../test/app';
import { readOutbox } from '../../test/outbox';
import { createTradesService } from './service';
import { eventsOf, holders, proposedTrade, tradeRow } from './test-world';

/** The payer's 24 hours: the expiry job cancels an unpaid trade and releases its items; Give More Time restarts them. */
const t = useTestApp({ PUBLIC_URL: 'http://keeb.test' });

/** These trades owe cash: nothing here settles one (the settlement has its own tests). */
const neverSettled = () => Promise.reject(new Error('a trade owing cash is not settled by its expiry'));
const service = () => createTradesService({ db: t.db.db, config: t.config, jobs: t.jobs, limits: new RateLimits({ db: t.db.db }), settle: neverSettled });

async function acceptedWithCash() {
  const deal = await proposedTrade(t, { cash: { cashToSeller: 40 } });
  const res = await deal.seller.client.post(`/api/trade/${deal.tradeId}/accept`);
  expect(res.status).toBe(200);
  return { ...deal, all: [deal.itemId, ...deal.offeredIds], acceptedAt: res.body.acceptedAt as string };
}

/** Time passes for the trade: its window and its queued expiry move `hours` into the past, then due jobs run. */
async function passTime(tradeId: string, hours: number) {
  const by = sql.raw(`interval '${Math.round(hours * 3600)} seconds'`);
  await t.db.db.execute(sql`update trades set accepted_at = accepted_at - ${by} where id = ${tradeId}`);
  await t.db.db.execute(sql`update pgboss.job set start_after = start_after - ${by} where name = 'trade-expiry' and state in ('created', 'retry') and data->>'tradeId' = ${tradeId}`);
  await t.jobs.drain();
}

describe('trade expiry', () => {
  it('after 24 hours unpaid the queued job cancels it (expired), releases every item and tells both', async () => {
    const deal = await acceptedWithCash();
    await passTime(deal.tradeId, 23);
    expect((await tradeRow(t, deal.tradeId)).status).toBe('accepted');
    await passTime(deal.tradeId, 1.1);
    expect(await tradeRow(t, deal.tradeId)).toMatchObject({ status: 'cancelled', closedReason: 'expired' });
    expect(await holders(t, deal.all)).toEqual(Object.fromEntries(deal.all.map((id) => [id, null])));
    expect(await eventsOf(t, deal.tradeId)).toEqual(['proposed', 'accepted', 'expired']);
    const expired = (await readOutbox(t.config.outboxDir)).filter((m) => m.subject.startsWith('Trade expired'));
    expect(expired.map((m) => m.to).sort()).toEqual([deal.seller.user.email, deal.proposer.user.email].sort());
    expect((await deal.seller.client.get(`/api/trade/${deal.tradeId}`)).body).toMatchObject({ status: 'cancelled', closedReason: 'expired', payBy: null });
  });

  it('Give More Time restarts the 24 hours: the old window\'s job does nothing, the new one expires it', async () => {
    const deal = await acceptedWithCash();
    await passTime(deal.tradeId, 20);
    // The proposer (the payer) looks at their trades: the acceptance is seen.
    await deal.proposer.client.get('/api/me/trades?role=sent');
    expect((await deal.proposer.client.get('/api/me/notifications')).body.numNewTrades).toBe(0);
    const extended = await deal.seller.client.post(`/api/trade/${deal.tradeId}/extend`);
    expect(extended.status).toBe(200);
    expect(new Date(extended.body.payBy).getTime()).toBeGreaterThan(Date.now() + 23.9 * 3_600_000);
    // The new time is news to the payer: their Trades badge says so, as an offer's Give More Time does.
    expect((await deal.proposer.client.get('/api/me/notifications')).body.numNewTrades).toBe(1);
    // The first window's job, due now, finds the trade inside its new window.
    await service().expireJob({ tradeId: deal.tradeId, acceptedAt: deal.acceptedAt });
    expect((await tradeRow(t, deal.tradeId)).status).toBe('accepted');
    await passTime(deal.tradeId, 24.1);
    expect(await tradeRow(t, deal.tradeId)).toMatchObject({ status: 'cancelled', closedReason: 'expired' });
    expect(await eventsOf(t, deal.tradeId)).toEqual(['proposed', 'accepted', 'extended', 'expired']);
  });

  it('a cash payment in progress postpones the expiry instead of cancelling under it', async () => {
    const deal = await acceptedWithCash();
    await t.db.db.insert(purchases).values({
      itemId: deal.itemId, tradeId: deal.tradeId, buyerId: deal.proposer.user.id, sellerId: deal.seller.user.id, itemCents: 4000, shippingCents: 0,
      regionCode: 'US', payeeEmail: 'p@example.test', provider: 'local', status: 'capturing', lockedUntil: new Date(Date.now() + 60_000),
    });
    await t.db.db.update(trades).set({ acceptedAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(trades.id, deal.tradeId));
    await service().expireJob({ tradeId: deal.tradeId, acceptedAt: deal.acceptedAt });
    expect((await tradeRow(t, deal.tradeId)).status).toBe('accepted');
    expect(await holders(t, [deal.itemId])).toEqual({ [deal.itemId]: deal.tradeId });
    const later = (await t.db.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'trade-expiry' and data->>'tradeId' = ${deal.tradeId} and start_after > now() + interval '5 minutes'`)) as unknown as { rows: Array<{ n: number }> };
    expect(later.rows[0]!.n).toBeGreaterThanOrEqual(1);
  });

  it('Give More Time racing the expiry, 10 rounds: one outcome each, and the answer says which', { timeout: 120_000 }, async () => {
    const trades_ = service();
    for (let round = 0; round < 10; round++) {
      const deal = await acceptedWithCash();
      await t.db.db.update(trades).set({ acceptedAt: new Date(Date.now() - 24 * 3_600_000 - 5) }).where(eq(trades.id, deal.tradeId));
      const extend = () => deal.seller.client.post(`/api/trade/${deal.tradeId}/extend`);
      const expire = () => trades_.expireJob({ tradeId: deal.tradeId, acceptedAt: deal.acceptedAt });
      const [answer] = round % 2 ? await Promise.all([extend(), expire()]) : ((await Promise.all([expire(), extend()])).reverse() as [Awaited<ReturnType<typeof extend>>]);
      const row = await tradeRow(t, deal.tradeId);
      if (answer.status === 200) {
        expect(row.status).toBe('accepted');
        expect(await holders(t, deal.all)).toEqual(Object.fromEntries(deal.all.map((id) => [id, deal.tradeId])));
        expect(await eventsOf(t, deal.tradeId)).toEqual(['proposed', 'accepted', 'extended']);
      } else {
        expect(answer.body).toMatchObject({ message: 'invalid_state', status: 'cancelled' });
        expect(row).toMatchObject({ status: 'cancelled', closedReason: 'expired' });
        expect(await holders(t, deal.all)).toEqual(Object.fromEntries(deal.all.map((id) => [id, null])));
      }
    }
  });

  it('a settled or cancelled trade is left alone by a late job', async () => {
    const deal = await acceptedWithCash();
    await deal.proposer.client.post(`/api/trade/${deal.tradeId}/cancel`);
    await t.db.db.update(trades).set({ acceptedAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(trades.id, deal.tradeId));
    await service().expireJob({ tradeId: deal.tradeId, acceptedAt: deal.acceptedAt });
    expect(await tradeRow(t, deal.tradeId)).toMatchObject({ status: 'cancelled', closedReason: 'cancelled' });
    expect(await eventsOf(t, deal.tradeId)).toEqual(['proposed', 'accepted', 'cancelled']);
  });
});
