import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderEvents, orderProblems } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { orderRow, paidOrder, passTime } from '../../test/orders';
import { readOutbox } from '../../test/outbox';

/** Two calls on one order at once: the order's row lock puts them one after the other, and each answers what it did. */
const t = useTestApp({ PUBLIC_URL: 'http://keeb.test' });

const kinds = async (orderId: string) =>
  (await t.db.db.select({ kind: orderEvents.kind }).from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.at, orderEvents.id)).map((e) => e.kind);

describe('races on one order', () => {
  it('two ships at once: one ships, the other is invalid_state; one event, one tracking sync', async () => {
    const { seller, orderId } = await paidOrder(t);
    const answers = await Promise.all([
      seller.client.post(`/api/order/${orderId}/ship`, { trackingNumber: '1Z999AA10123456784' }),
      seller.client.post(`/api/order/${orderId}/ship`, { trackingNumber: '9205590164917312751089' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!;
    expect((await orderRow(t, orderId)).trackingNumber).toBe(winner.body.tracking.number);
    expect((await kinds(orderId)).filter((k) => k === 'shipped')).toHaveLength(1);
    const jobs = (await t.db.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'order-tracking-sync' and data->>'orderId' = ${orderId}`)) as unknown as { rows: Array<{ n: number }> };
    expect(jobs.rows[0]!.n).toBe(1);
  });

  it('ship and a problem at once, past the 72 hours: both land, in one order or the other, with one problem and one of each event', async () => {
    const { seller, buyer, orderId } = await paidOrder(t);
    await passTime(t, orderId, 73);
    const [shipped, reported] = await Promise.all([
      seller.client.post(`/api/order/${orderId}/ship`, {}),
      buyer.client.post(`/api/order/${orderId}/problem`, { reason: 'not_received', details: '' }),
    ]);
    expect([shipped.status, reported.status]).toEqual([200, 200]);
    const row = await orderRow(t, orderId);
    expect(row.status).toBe('problem');
    expect(row.shippedAt).not.toBeNull();
    const events = await kinds(orderId);
    expect(events.filter((k) => k === 'shipped')).toHaveLength(1);
    expect(events.filter((k) => k === 'problem_reported')).toHaveLength(1);
    expect(await t.db.db.select().from(orderProblems).where(eq(orderProblems.orderId, orderId))).toHaveLength(1);
  });

  it('ship and a problem at once, within the 72 hours: the problem is too early unless the shipment came first', async () => {
    const { seller, buyer, orderId } = await paidOrder(t);
    const [shipped, reported] = await Promise.all([
      seller.client.post(`/api/order/${orderId}/ship`, {}),
      buyer.client.post(`/api/order/${orderId}/problem`, { reason: 'damaged', details: '' }),
    ]);
    expect(shipped.status).toBe(200);
    const events = await kinds(orderId);
    if (reported.status === 200) {
      expect(events).toEqual(['paid', 'shipped', 'problem_reported']);
      expect((await orderRow(t, orderId)).status).toBe('problem');
    } else {
      expect(reported.body).toMatchObject({ message: 'too_early' });
      expect(events).toEqual(['paid', 'shipped']);
      expect((await orderRow(t, orderId)).status).toBe('shipped');
    }
  });

  it('the buyer confirming as the 14 days run out: received once, by one of the two, one mail to the seller', async () => {
    const { seller, buyer, orderId, item } = await paidOrder(t);
    await seller.client.post(`/api/order/${orderId}/ship`, {});
    // 14 days pass, but the automatic confirmation's job is left waiting, to start with the buyer's call.
    await t.db.db.execute(sql`update orders set shipped_at = shipped_at - interval '14 days 1 minute' where id = ${orderId}`);
    const release = t.db.db.execute(sql`update pgboss.job set start_after = now() where name = 'order-deadline' and data->>'orderId' = ${orderId} and state = 'created'`);
    const [confirmed] = await Promise.all([buyer.client.post(`/api/order/${orderId}/received`), release.then(() => t.jobs.drain())]);
    await t.jobs.drain();
    const row = await orderRow(t, orderId);
    expect(row.status).toBe('received');
    expect(row.autoReceived).toBe(confirmed.status !== 200);
    if (confirmed.status !== 200) expect(confirmed.body).toMatchObject({ message: 'invalid_state' });
    expect((await kinds(orderId)).filter((k) => k === 'received')).toHaveLength(1);
    expect((await readOutbox(t.config.outboxDir)).filter((m) => m.to === seller.user.email && m.subject === `${item.name} was received`)).toHaveLength(1);
  });
});
