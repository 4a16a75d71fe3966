import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, orderProblems } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { member, orderRow, paidOrder, passTime } from '../../test/orders';
import { readOutbox } from '../../test/outbox';
import { collect, useRealtime } from '../../test/realtime';

const t = useTestApp({ PUBLIC_URL: 'http://keeb.test' });
const rt = useRealtime(t, { appUrl: 'http://keeb.test' });

const report = (client: Awaited<ReturnType<typeof member>>['client'], orderId: string, body: object = { reason: 'not_received', details: 'Nothing after two weeks.' }) =>
  client.post(`/api/order/${orderId}/problem`, body);

describe('a problem reported by the buyer', () => {
  it('is too early before shipping until the 72 hours pass; then both sides see it, the seller is told in chat, by mail and in their tab', async () => {
    const { seller, buyer, orderId, item } = await paidOrder(t);
    expect(await report(buyer.client, orderId)).toMatchObject({ status: 409, body: { message: 'too_early', shipBy: expect.any(String) } });
    expect((await orderRow(t, orderId)).status).toBe('paid');
    await passTime(t, orderId, 73);
    expect(await report(seller.client, orderId)).toMatchObject({ status: 403, body: { message: 'forbidden' } });
    expect((await report((await member(t)).client, orderId)).status).toBe(404);
    expect((await (await t.client()).post(`/api/order/${orderId}/problem`, { reason: 'other' })).status).toBe(401);
    expect(await report(buyer.client, orderId, { reason: 'lost', details: '' })).toMatchObject({ status: 400, body: { message: 'invalid_reason' } });
    expect(await report(buyer.client, orderId, { reason: 'other', details: 'x'.repeat(2001) })).toMatchObject({ status: 400, body: { message: 'invalid_details' } });
    expect((await orderRow(t, orderId)).status).toBe('paid');

    const sellerSocket = await rt.open(seller.client.cookie);
    const updates = collect(sellerSocket, 'orderUpdate');
    const msgs = collect(sellerSocket, 'msg');
    const counts = collect(sellerSocket, 'counts');
    const reported = await report(buyer.client, orderId);
    expect(reported.status).toBe(200);
    expect(reported.body).toMatchObject({
      status: 'problem',
      late: true,
      problem: { reason: 'not_received', details: 'Nothing after two weeks.', resolvedAt: null, resolution: null },
      // Never shipped: nothing to confirm received (issue 36).
      actions: ['resolve', 'rate'],
    });
    expect((await seller.client.get(`/api/order/${orderId}`)).body).toMatchObject({ problem: { reason: 'not_received' }, actions: ['ship'] });
    expect(reported.body.timeline.map((e: { kind: string }) => e.kind)).toEqual(['paid', 'late', 'problem_reported']);
    // A second report while one is open is refused.
    expect(await report(buyer.client, orderId)).toMatchObject({ status: 409, body: { message: 'invalid_state' } });

    const [notice] = await t.db.db.select().from(messages).where(sql`${messages.notice} is not null`);
    expect(notice).toMatchObject({ senderId: buyer.user.id, body: 'Reported a problem with this order: Not received.', notice: { kind: 'problem_reported', orderId } });
    const chats = (await seller.client.get('/api/me/messages')).body.conversations;
    expect(chats[0]).toMatchObject({ lastMessage: 'Reported a problem with this order: Not received.', isRead: false });
    const history = (await seller.client.post(`/api/message/${chats[0]._id}`, {})).body.conversation.messages;
    expect(history.at(-1)).toMatchObject({ notice: { kind: 'problem_reported', orderId } });
    await expect.poll(() => updates.map((u) => u.text)).toContain(`A problem was reported with ${item.name}.`);
    await expect.poll(() => msgs.length).toBe(1);
    await expect.poll(() => counts.at(-1)?.numOrdersToAct).toBe(1);
    const mail = (await readOutbox(t.config.outboxDir)).find((m) => m.to === seller.user.email && m.subject === `A problem was reported with ${item.name}`);
    expect(mail?.text).toContain('Not received');
    expect(mail?.text).toContain('Nothing after two weeks.');
    // Open problems count for both sides.
    expect((await buyer.client.get('/api/me/notifications')).body.numOrdersToAct).toBe(1);
  });

  it('once shipped it may be reported at once; the buyer marks it resolved and the order is shipped again, with its confirmation due anew', async () => {
    const { seller, buyer, orderId } = await paidOrder(t);
    await seller.client.post(`/api/order/${orderId}/ship`, {});
    expect((await report(buyer.client, orderId, { reason: 'damaged', details: 'Cracked case.' })).body.status).toBe('problem');
    expect(await seller.client.post(`/api/order/${orderId}/problem/resolve`)).toMatchObject({ status: 403, body: { message: 'forbidden' } });
    expect((await (await member(t)).client.post(`/api/order/${orderId}/problem/resolve`)).status).toBe(404);
    expect((await (await t.client()).post(`/api/order/${orderId}/problem/resolve`)).status).toBe(401);
    // Past the 14 days while the problem is open: no automatic confirmation.
    await passTime(t, orderId, 15 * 24);
    expect((await orderRow(t, orderId)).status).toBe('problem');
    const resolved = await buyer.client.post(`/api/order/${orderId}/problem/resolve`);
    expect(resolved.body).toMatchObject({ status: 'shipped', problem: { resolution: 'resolved', resolvedAt: expect.any(String) } });
    expect(resolved.body.timeline.map((e: { kind: string }) => e.kind)).toEqual(['paid', 'shipped', 'problem_reported', 'problem_resolved']);
    expect(await buyer.client.post(`/api/order/${orderId}/problem/resolve`)).toMatchObject({ status: 409, body: { message: 'invalid_state' } });
    // The automatic confirmation comes 3 days after the problem ended, not at once.
    await passTime(t, orderId, 2 * 24);
    expect((await orderRow(t, orderId)).status).toBe('shipped');
    await passTime(t, orderId, 1 * 24 + 1);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'received', autoReceived: true });
  });

  it('a buyer confirming receipt ends an open problem as resolved', async () => {
    const { seller, buyer, orderId } = await paidOrder(t);
    await seller.client.post(`/api/order/${orderId}/ship`, {});
    await report(buyer.client, orderId);
    const received = await buyer.client.post(`/api/order/${orderId}/received`);
    expect(received.body).toMatchObject({ status: 'received', problem: { resolution: 'resolved' } });
    expect(received.body.timeline.map((e: { kind: string }) => e.kind)).toEqual(['paid', 'shipped', 'problem_reported', 'problem_resolved', 'received']);
  });

  it('an unshipped order with a problem can still be shipped; the problem stays open until it ends', async () => {
    const { seller, buyer, orderId } = await paidOrder(t);
    await passTime(t, orderId, 73);
    await report(buyer.client, orderId);
    const shipped = await seller.client.post(`/api/order/${orderId}/ship`, { trackingNumber: '1Z999AA10123456784' });
    expect(shipped.body).toMatchObject({ status: 'problem', shippedAt: expect.any(String), late: false, tracking: { carrier: 'ups' } });
    expect((await buyer.client.post(`/api/order/${orderId}/problem/resolve`)).body.status).toBe('shipped');
  });
});

describe('the admin list of open problems', () => {
  it('lists open problems oldest first to admins only; an admin closes one and the order goes back', async () => {
    const a = await paidOrder(t);
    const b = await paidOrder(t);
    for (const o of [a, b]) await o.seller.client.post(`/api/order/${o.orderId}/ship`, {});
    await report(a.buyer.client, a.orderId, { reason: 'not_as_described', details: 'Wrong switches.' });
    await report(b.buyer.client, b.orderId);
    const adminUser = await member(t, { isAdmin: true });
    expect((await a.buyer.client.get('/api/admin/problems')).status).toBe(403);
    expect((await (await t.client()).get('/api/admin/problems')).status).toBe(401);
    const list = (await adminUser.client.get('/api/admin/problems')).body;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      reason: 'not_as_described',
      details: 'Wrong switches.',
      openedAt: expect.any(String),
      order: { _id: a.orderId, status: 'problem', item: { _id: a.item.id } },
      buyer: { username: a.buyer.user.username },
      seller: { username: a.seller.user.username },
    });
    expect(list[1].order._id).toBe(b.orderId);
    const next = (await adminUser.client.get(`/api/admin/problems?cursor=${encodeURIComponent(`${list[0].openedAt}_${list[0]._id}`)}`)).body;
    expect(next.map((p: { _id: string }) => p._id)).toEqual([list[1]._id]);
    expect((await adminUser.client.get(`/api/order/${a.orderId}`)).body.actions).toEqual(['close']);

    expect((await a.buyer.client.post(`/api/admin/problems/${list[0]._id}/close`)).status).toBe(403);
    const closed = await adminUser.client.post(`/api/admin/problems/${list[0]._id}/close`);
    expect(closed.body).toMatchObject({ status: 'shipped', problem: { resolution: 'closed' } });
    expect(await adminUser.client.post(`/api/admin/problems/${list[0]._id}/close`)).toMatchObject({ status: 409, body: { message: 'invalid_state' } });
    expect((await adminUser.client.post('/api/admin/problems/00000000-0000-4000-8000-000000000000/close')).status).toBe(404);
    expect((await adminUser.client.get('/api/admin/problems')).body.map((p: { order: { _id: string } }) => p.order._id)).toEqual([b.orderId]);
    const [row] = await t.db.db.select().from(orderProblems).where(eq(orderProblems.id, list[0]._id));
    expect(row).toMatchObject({ resolution: 'closed', resolvedBy: adminUser.user.id });
    // Issue 36: both sides are told, each in their own words, with the outcome; each page still says what happened.
    await t.jobs.drain();
    const outbox = await readOutbox(t.config.outboxDir);
    const toBuyer = outbox.filter((m) => m.to === a.buyer.user.email && m.subject === `The problem with ${a.item.name} was closed`);
    const toSeller = outbox.filter((m) => m.to === a.seller.user.email && m.subject === `The problem with ${a.item.name} was closed`);
    expect(toBuyer).toHaveLength(1);
    expect(toSeller).toHaveLength(1);
    expect(toBuyer[0]!.text).toContain('Not as described');
    expect(toBuyer[0]!.text).toContain('PayPal');
    expect(toBuyer[0]!.text).toContain(`http://keeb.test/me/orders/${a.orderId}`);
    expect(toSeller[0]!.text).toContain('Not as described');
    expect(toSeller[0]!.text).not.toContain('Resolution Center');
    expect((await a.buyer.client.get(`/api/order/${a.orderId}`)).body).toMatchObject({ status: 'shipped', problem: { resolution: 'closed', reason: 'not_as_described' } });
    expect((await a.seller.client.get(`/api/order/${a.orderId}`)).body).toMatchObject({ status: 'shipped', problem: { resolution: 'closed' } });
    const closedEvent = (await a.buyer.client.get(`/api/order/${a.orderId}`)).body.timeline.at(-1);
    expect(closedEvent).toMatchObject({ kind: 'problem_closed' });
    // The other open problem's sides got nothing.
    expect(outbox.filter((m) => m.to === b.buyer.user.email && m.subject.includes('was closed'))).toHaveLength(0);
  });
});
